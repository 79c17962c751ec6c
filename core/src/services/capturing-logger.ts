import type { Logger } from '@cassette/plugin-sdk/server';

export interface CapturedLine {
  level: string;
  obj: unknown;
  msg?: string;
}

export type CapturingLogger = Logger & { lines: CapturedLine[] };

/**
 * A Logger that records every call, so tests can assert on what an admin would see
 * in the server log. Children share the parent's `lines` and merge their bindings
 * into object entries, the way pino does.
 */
export function createCapturingLogger(): CapturingLogger {
  const lines: CapturedLine[] = [];
  return Object.assign(makeLogger(lines, {}), { lines });
}

function makeLogger(lines: CapturedLine[], bindings: Record<string, unknown>): Logger {
  const write =
    (level: string) =>
    (obj: object | string, msg?: string): void => {
      if (typeof obj === 'string') {
        const hasBindings = Object.keys(bindings).length > 0;
        lines.push({ level, obj: hasBindings ? { ...bindings } : {}, msg: msg === undefined ? obj : `${obj} ${msg}` });
        return;
      }
      const line: CapturedLine = { level, obj: { ...bindings, ...obj } };
      if (msg !== undefined) line.msg = msg;
      lines.push(line);
    };
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (more) => makeLogger(lines, { ...bindings, ...more }),
  };
}
