// The folder an import.meta.glob pattern starts from: its segments before the first wildcard.
const WILDCARD = /[*?[\]{}!]/;

export function globBase(pattern) {
  const segments = pattern.split('/');
  const fixed = segments.findIndex((segment) => WILDCARD.test(segment));
  return fixed === -1 ? pattern : segments.slice(0, fixed).join('/') || '.';
}
