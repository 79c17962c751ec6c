import { isErrorLike, summarizeError } from './error-summary.js';

/**
 * Bounds what one log call can write, whatever it is handed: a recorded value, a request
 * body or an error holding either must not turn a small request into megabytes of log.
 */
export interface LogEntryLimits {
  /** Longest string kept, in characters; the rest is replaced by a count. */
  maxString: number;
  /** Characters of strings one entry may hold in all; later values are cut to fit. */
  maxEntry: number;
  /** Items kept of an array, keys of an object. */
  maxItems: number;
  /** Nesting kept. */
  maxDepth: number;
}

export const DEFAULT_LOG_LIMITS: LogEntryLimits = { maxString: 2048, maxEntry: 16 * 1024, maxItems: 50, maxDepth: 6 };

export function capString(value: string, max: number): string {
  if (value.length <= max) return value;
  return `${value.slice(0, Math.max(0, max))}… [${value.length - max} more characters]`;
}

/** What an item costs the entry besides its strings (punctuation, a number, a key's quotes). */
const ITEM_COST = 8;

interface Budget {
  left: number;
}

function capValue(value: unknown, limits: LogEntryLimits, budget: Budget, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') {
    const kept = capString(value, Math.min(limits.maxString, Math.max(0, budget.left)));
    budget.left -= Math.min(value.length, limits.maxString);
    return kept;
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= limits.maxDepth) return Array.isArray(value) ? `[array of ${value.length}]` : '[object]';
  seen.add(value);
  if (isErrorLike(value)) return capValue(summarizeError(value), limits, budget, depth, seen);
  if (value instanceof Date) return value;
  if (ArrayBuffer.isView(value)) return `[${value.constructor.name} of ${value.byteLength} bytes]`;
  if (Array.isArray(value)) {
    const kept: unknown[] = [];
    for (const item of value) {
      if (kept.length >= limits.maxItems || budget.left <= 0) {
        kept.push(`[${value.length - kept.length} more items]`);
        break;
      }
      budget.left -= ITEM_COST;
      kept.push(capValue(item, limits, budget, depth + 1, seen));
    }
    return kept;
  }
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (const [index, key] of keys.entries()) {
    if (index >= limits.maxItems || budget.left <= 0) {
      out['[more keys]'] = keys.length - index;
      break;
    }
    budget.left -= ITEM_COST + Math.min(key.length, limits.maxString);
    out[capString(key, limits.maxString)] = capValue((value as Record<string, unknown>)[key], limits, budget, depth + 1, seen);
  }
  return out;
}

/** A copy of a log call's object with errors summarized and every value within the limits. */
export function capLogObject(obj: object, limits: LogEntryLimits = DEFAULT_LOG_LIMITS): object {
  const budget: Budget = { left: limits.maxEntry };
  // An error passed as the whole object is logged under `err`, as pino does.
  const source = isErrorLike(obj) ? { err: obj } : obj;
  return capValue(source, limits, budget, 0, new WeakSet()) as object;
}
