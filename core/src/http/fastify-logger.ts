import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from '@cassette/plugin-sdk/server';

/** Fastify wants pino's full surface; any kernel Logger (pino or a test capture) is adapted to it. */
export function fastifyLogger(log: Logger, level = 'info'): FastifyBaseLogger {
  const adapted = {
    level,
    fatal: (obj: object | string, msg?: string) => log.error(obj, msg),
    error: (obj: object | string, msg?: string) => log.error(obj, msg),
    warn: (obj: object | string, msg?: string) => log.warn(obj, msg),
    info: (obj: object | string, msg?: string) => log.info(obj, msg),
    debug: (obj: object | string, msg?: string) => log.debug(obj, msg),
    trace: (obj: object | string, msg?: string) => log.debug(obj, msg),
    silent: () => undefined,
    child: (bindings: Record<string, unknown>) => fastifyLogger(log.child(bindings), level),
  };
  return adapted as unknown as FastifyBaseLogger;
}
