import { badRequest } from '@cassette/plugin-sdk/server';
import { SOURCEMAP_LIMITS } from '../../api.js';

// C0 controls, DEL and C1 controls: never part of a real path or release id, and NUL cuts
// strings short in file-system calls.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
const WINDOWS_DRIVE = /^[a-zA-Z]:/;
const URL_SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

/**
 * Bundlers write sources relative to the map's folder, so they start with `../` to reach the
 * project's sources beside the build output (deep monorepos need a few). Longer climbs are
 * what an attack looks like, not a build.
 */
export const MAX_LEADING_PARENT_SEGMENTS = 6;

/** A release id as the tracker and the CLI send it: any printable text up to the limit. */
export function checkRelease(release: string): string {
  const trimmed = release.trim();
  if (!trimmed) throw badRequest('release is empty: pass the release (version or commit id) the site reports to the tracker.');
  if (trimmed.length > SOURCEMAP_LIMITS.maxReleaseLength) throw badRequest(`release is ${trimmed.length} characters long; at most ${SOURCEMAP_LIMITS.maxReleaseLength} are allowed.`);
  if (CONTROL_CHARACTER.test(trimmed)) throw badRequest('release contains control characters (such as NUL or a line break): use printable text only.');
  return trimmed;
}

/**
 * The path of the minified script a map belongs to, relative to the site root
 * (`assets/app.min.js`). A leading `/` (the site root) or `~/` is dropped; anything that
 * could point outside the site or at the disk is refused.
 */
export function normalizeScriptFile(file: string): string {
  const given = file.trim();
  if (!given) throw badRequest('file is empty: pass the path of the minified script relative to the site root, e.g. assets/app.min.js.');
  if (given.length > SOURCEMAP_LIMITS.maxFileLength) throw badRequest(`file is ${given.length} characters long; at most ${SOURCEMAP_LIMITS.maxFileLength} are allowed.`);
  const problem = pathProblem(given, { allowSiteRoot: true });
  if (problem) throw badRequest(`file "${printable(given)}" ${problem}: pass the script's path relative to the site root, e.g. assets/app.min.js.`);
  const relative = given.replace(/^~?\/+/, '');
  const segments = relative.split('/');
  if (segments.some((s) => s === '..')) throw badRequest(`file "${printable(given)}" contains ".." segments (path traversal): pass the script's path relative to the site root, e.g. assets/app.min.js.`);
  if (segments.some((s) => s === '' || s === '.')) throw badRequest(`file "${printable(given)}" has empty or "." segments: pass a plain path such as assets/app.min.js.`);
  return relative;
}

/**
 * Why a `sources` entry (or the map's `sourceRoot`) is refused, or null when it is acceptable.
 * Accepted: relative paths (with a short leading `../` climb) and URLs of bundler schemes
 * (`webpack://app/./src/x.ts`, `https://...`) whose path does not climb out.
 */
export function sourcePathProblem(source: string): string | null {
  const problem = pathProblem(source, { allowSiteRoot: false });
  if (problem) return problem;
  const scheme = URL_SCHEME.exec(source);
  const path = scheme ? source.slice(scheme[0].length).replace(/^\/\/[^/]*/, '') : source;
  return climbProblem(path.replace(/^\/+/, ''));
}

function pathProblem(path: string, options: { allowSiteRoot: boolean }): string | null {
  if (path.includes('\u0000')) return 'contains a NUL character';
  if (CONTROL_CHARACTER.test(path)) return 'contains control characters';
  if (path.includes('\\')) return 'contains a backslash (use forward slashes; Windows paths are not accepted)';
  if (WINDOWS_DRIVE.test(path)) return 'is an absolute path on disk';
  const scheme = URL_SCHEME.exec(path);
  if (scheme && scheme[1]!.toLowerCase() === 'file') return 'is a file: URL, which points at a disk';
  if (scheme && options.allowSiteRoot) return 'is a URL, not a path';
  if (path.startsWith('//')) return 'is an absolute path on disk or another host';
  if (!scheme && path.startsWith('/') && !options.allowSiteRoot) return 'is an absolute path on disk';
  if (/%2e|%2f|%5c|%00/i.test(path)) return 'contains encoded dots, slashes or NUL';
  return null;
}

function climbProblem(path: string): string | null {
  const segments = path.split('/');
  let leading = 0;
  while (segments[leading] === '..') leading++;
  if (leading > MAX_LEADING_PARENT_SEGMENTS) return `climbs ${leading} folders up with ".." (path traversal; at most ${MAX_LEADING_PARENT_SEGMENTS} are accepted)`;
  let depth = 0;
  for (const segment of segments.slice(leading)) {
    if (segment === '..') depth--;
    else if (segment !== '.' && segment !== '') depth++;
    if (depth < 0) return 'contains ".." segments that climb out of its folder (path traversal)';
  }
  return null;
}

/**
 * The paths a map's `file` may have for a script URL, longest first: for
 * `https://shop.example/static/assets/app.min.js` they are `static/assets/app.min.js`,
 * `assets/app.min.js` and `app.min.js` (a site may serve its build under a prefix).
 */
export function scriptPathSuffixes(url: string, maxSegments = 20): string[] {
  const segments = scriptUrlPath(url).split('/').filter((s) => s !== '');
  const suffixes: string[] = [];
  for (let start = Math.max(0, segments.length - maxSegments); start < segments.length; start++) suffixes.push(segments.slice(start).join('/'));
  return suffixes;
}

/** The path part of a frame's script URL, without query or fragment. */
export function scriptUrlPath(url: string): string {
  try {
    if (URL_SCHEME.test(url)) return new URL(url).pathname;
  } catch {
    // Not a URL after all: treated as a path below.
  }
  return url.replace(/[?#].*$/, '');
}

/** The original source path as a person reads it: `webpack://app/./src/a.ts` and `../../src/a.ts` become `src/a.ts`. */
export function readableSourcePath(source: string): string {
  const withoutScheme = source.replace(URL_SCHEME, '').replace(/^\/\/[^/]*/, '');
  const segments = withoutScheme.split('/').filter((s) => s !== '' && s !== '.');
  while (segments[0] === '..') segments.shift();
  return segments.join('/') || source;
}

/** A user-given value quoted in a message: control characters shown escaped, long ones cut. */
export function printable(value: string): string {
  const escaped = JSON.stringify(value).slice(1, -1);
  return escaped.length > 120 ? `${escaped.slice(0, 117)}...` : escaped;
}
