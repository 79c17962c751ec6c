import { pino } from 'pino';
import { build as pinoPretty } from 'pino-pretty';
import type { Logger } from '@cassette/plugin-sdk/server';

export interface LoggerOptions {
  /** pino level name; defaults to `info`. */
  level?: string;
  /** Human-readable lines for embedded/dev runs; JSON (for log shippers) otherwise. */
  pretty?: boolean;
  /** Where lines go; stdout when omitted (tests pass a sink). */
  destination?: NodeJS.WritableStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? 'info';
  if (pino.levels.values[level] === undefined && level !== 'silent') {
    throw new Error(`Unknown log level "${level}" (use one of ${Object.keys(pino.levels.values).join(', ')}, silent)`);
  }
  if (options.pretty) {
    // A stream in this thread rather than a pino transport: transports resolve their
    // target inside a worker thread, which breaks under tsx and bundled builds, and an
    // embedded install does not log enough to need the worker.
    const pretty = pinoPretty({
      colorize: options.destination ? false : process.stdout.isTTY,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
      sync: true,
      ...(options.destination ? { destination: options.destination } : {}),
    });
    return pino({ level }, pretty);
  }
  return options.destination ? pino({ level }, options.destination) : pino({ level });
}
