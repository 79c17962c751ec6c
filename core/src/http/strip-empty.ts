/** Removes null and undefined values (recursively): the API treats them as absent. */
export function stripEmptyValues<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => stripEmptyValues(v)) as T;
  if (value instanceof Date) return value;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === null || v === undefined) continue;
      out[key] = stripEmptyValues(v);
    }
    return out as T;
  }
  return value;
}
