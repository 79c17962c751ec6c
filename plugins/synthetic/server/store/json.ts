/** A jsonb column as PGlite and PostgreSQL drivers hand it back (parsed or text). */
export function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
export const epoch = (value: Date | string | null | undefined): number | null => (value == null ? null : new Date(value).getTime());
