import type { Logger } from '@cassette/plugin-sdk/server';
import { capLogObject, capString, DEFAULT_LOG_LIMITS, type LogEntryLimits } from './log-entry-caps.js';
import { RepeatLimiter } from './repeat-limiter.js';

/**
 * The kernel's logger as every plugin gets it: each entry is bounded (errors summarized with
 * their SQL reduced to its shape, every value and the whole entry capped) and a warning or
 * error that repeats within the window is written once, then counted.
 */
export interface LogGuardOptions {
  limits?: LogEntryLimits;
  /** How long identical warnings and errors are folded into one line. */
  repeatWindowMs?: number;
  /** Distinct repeating lines tracked at once. */
  maxTrackedLines?: number;
}

type Level = 'debug' | 'info' | 'warn' | 'error';

/** Only failures repeat in floods; info and debug lines are the operator's own choice of noise. */
const LIMITED_LEVELS = new Set<Level>(['warn', 'error']);

/** What makes two lines "the same": level, message and the error's kind and message, not the ids around them. */
function repeatKey(level: Level, obj: object, msg: string | undefined): string {
  const err = (obj as { err?: { type?: unknown; message?: unknown } }).err;
  const errPart = err && typeof err === 'object' ? `${String(err.type)}:${String(err.message).slice(0, 200)}` : '';
  return `${level}\u0000${(msg ?? '').slice(0, 200)}\u0000${errPart}`;
}

export function guardLogger(inner: Logger, options: LogGuardOptions = {}): Logger {
  const limits = options.limits ?? DEFAULT_LOG_LIMITS;
  const limiter = new RepeatLimiter({ windowMs: options.repeatWindowMs ?? 60_000, maxKeys: options.maxTrackedLines ?? 1000 });
  const wrap = (target: Logger): Logger => {
    const write =
      (level: Level) =>
      (obj: object | string, msg?: string): void => {
        const entry = typeof obj === 'string' ? {} : capLogObject(obj, limits);
        const text = typeof obj === 'string' ? capString(msg === undefined ? obj : `${obj} ${msg}`, limits.maxString) : msg === undefined ? undefined : capString(msg, limits.maxString);
        if (LIMITED_LEVELS.has(level)) {
          const admitted = limiter.admit(repeatKey(level, entry, text), (suppressed) =>
            target[level]({ ...entry, repeated: suppressed, windowSeconds: Math.round(limiter.options.windowMs / 1000) }, `${text ?? ''} (repeated ${suppressed} more times; not logged)`.trim()),
          );
          if (!admitted) return;
        }
        if (typeof obj === 'string') target[level](text ?? '');
        else target[level](entry, text);
      };
    return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error'), child: (bindings) => wrap(target.child(capLogObject(bindings, limits) as Record<string, unknown>)) };
  };
  return wrap(inner);
}
