import type { ConsoleMethod } from './options';
import type { ConsoleEvent } from './protocol';

const MAX_VALUE = 2_000;

function describe(arg: unknown, seen: WeakSet<object>): string {
  if (typeof arg === 'string') return arg;
  if (arg instanceof Error) return `${arg.name}: ${arg.message}`;
  if (arg === null || typeof arg !== 'object') return String(arg);
  try {
    return JSON.stringify(arg, (_k, v: unknown) => {
      if (typeof v === 'object' && v !== null) {
        if (seen.has(v)) return '[Circular]';
        seen.add(v);
        if (typeof Node !== 'undefined' && v instanceof Node) return `[${v.nodeName}]`;
      }
      return typeof v === 'bigint' ? String(v) : v;
    });
  } catch {
    return Object.prototype.toString.call(arg);
  }
}

/** One console line as the replay shows it: arguments joined by spaces, clipped. */
export function formatConsoleArgs(args: unknown[]): string {
  const seen = new WeakSet<object>();
  let out = '';
  for (const arg of args) {
    out += (out ? ' ' : '') + describe(arg, seen);
    if (out.length > MAX_VALUE) break;
  }
  return out.length > MAX_VALUE ? out.slice(0, MAX_VALUE) : out;
}

/** Records the chosen console methods; the site's console keeps working unchanged. */
export function installConsoleCapture(
  target: Console,
  levels: ConsoleMethod[],
  emit: (level: ConsoleEvent['level'], value: string) => void,
): () => void {
  const restores: Array<() => void> = [];
  let inside = false;
  for (const level of levels) {
    const original = target[level];
    if (typeof original !== 'function') continue;
    const wrapped = function (this: unknown, ...args: unknown[]) {
      // Re-entrancy guard: a log written while recording a log must not loop.
      if (!inside) {
        inside = true;
        try {
          emit(level, formatConsoleArgs(args));
        } catch {
          // Recording must never break the site's logging.
        } finally {
          inside = false;
        }
      }
      return original.apply(this ?? target, args);
    };
    target[level] = wrapped;
    restores.push(() => {
      if (target[level] === wrapped) target[level] = original;
    });
  }
  return () => restores.forEach((r) => r());
}
