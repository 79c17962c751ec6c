/**
 * Exact, strict path matching for the spec's routes: every segment must match, no trailing
 * slash, `:name` matches one non-empty segment, and a trailing `/*` matches any rest.
 */
export type PathParams = Record<string, string>;

function segments(path: string): string[] {
  return path.split('/').slice(1);
}

export function matchPattern(pattern: string, path: string): PathParams | null {
  if (!path.startsWith('/')) return null;
  const pat = segments(pattern);
  const parts = segments(path);
  const splat = pat[pat.length - 1] === '*';
  if (splat) pat.pop();
  if (splat ? parts.length < pat.length : parts.length !== pat.length) return null;
  const params: PathParams = {};
  for (let i = 0; i < pat.length; i++) {
    const p = pat[i] as string;
    const part = parts[i] as string;
    if (p.startsWith(':')) {
      if (part === '') return null;
      try {
        params[p.slice(1)] = decodeURIComponent(part);
      } catch {
        return null;
      }
    } else if (p !== part) {
      return null;
    }
  }
  if (splat) params['*'] = parts.slice(pat.length).join('/');
  return params;
}

/** Static segments outrank parameters, which outrank a splat (like react-router's ranking). */
function score(pattern: string): number {
  return segments(pattern).reduce((sum, s) => sum + (s === '*' ? 1 : s.startsWith(':') ? 3 : 10), 0);
}

/** The best-ranked item whose `path` matches. */
export function findBestMatch<T extends { path: string }>(items: readonly T[], path: string): { item: T; params: PathParams } | null {
  let best: { item: T; params: PathParams; score: number } | null = null;
  for (const item of items) {
    const params = matchPattern(item.path, path);
    if (!params) continue;
    const s = score(item.path);
    if (!best || s > best.score) best = { item, params, score: s };
  }
  return best ? { item: best.item, params: best.params } : null;
}

export const isProjectPattern = (pattern: string) => pattern === '/:siteId' || pattern.startsWith('/:siteId/');
