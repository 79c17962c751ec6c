/** Limits on untrusted JSON, checked before and while it is turned into objects. */
export interface JsonLimits {
  /** Deepest nesting of arrays and objects; DOM trees in full snapshots nest a few hundred deep at worst. */
  maxDepth: number;
  /** Values (objects, arrays, strings, numbers, ...) in the whole document. */
  maxNodes: number;
}

export const DEFAULT_JSON_LIMITS: JsonLimits = { maxDepth: 512, maxNodes: 2_000_000 };

export class JsonLimitError extends Error {}

/**
 * Parses JSON text that came from outside. Depth is measured by a linear scan before
 * parsing, so a document of a million `[` is refused without building anything; the
 * parsed value is then walked without recursion to count its nodes.
 */
export function parseGuardedJson(text: string, limits: JsonLimits = DEFAULT_JSON_LIMITS): unknown {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > limits.maxDepth) throw new JsonLimitError(`The batch is nested too deeply (at most ${limits.maxDepth} levels).`);
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SyntaxError('The batch is not valid JSON.');
  }
  let nodes = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (++nodes > limits.maxNodes) throw new JsonLimitError(`The batch holds too many values (at most ${limits.maxNodes}).`);
    if (Array.isArray(v)) for (const item of v) stack.push(item);
    else if (v !== null && typeof v === 'object') for (const key in v) stack.push((v as Record<string, unknown>)[key]);
  }
  return value;
}
