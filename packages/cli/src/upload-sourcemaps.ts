import type { ScriptWithMap } from './find-sourcemaps.js';

export interface UploadTarget {
  /** Base URL of the Cassette server, e.g. https://cassette.example.com. */
  server: string;
  apiKey: string;
  projectKey: string;
  release: string;
  /** Put before each script's path: where the site serves the build (`/static/`). */
  urlPrefix: string;
}

/** What the server answers for one stored map. */
export interface UploadedMap {
  release: string;
  file: string;
  bytes: number;
  sources: number;
}

/** Refusals and network failures, with the server's own message when it gave one. */
export class UploadError extends Error {
  constructor(
    readonly script: string,
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** The path the site serves a script at: the prefix joined to its path in the build folder. */
export function servedPath(urlPrefix: string, script: string): string {
  const prefix = urlPrefix.replace(/\/+$/, '');
  return prefix ? `${prefix}/${script}` : script;
}

/** Uploads one script's map (`POST /api/sourcemaps`). */
export async function uploadSourceMap(target: UploadTarget, entry: ScriptWithMap, fetchImpl: typeof fetch): Promise<UploadedMap> {
  const file = servedPath(target.urlPrefix, entry.script);
  const url = `${target.server.replace(/\/+$/, '')}/api/sourcemaps?${new URLSearchParams({ projectKey: target.projectKey, release: target.release, file })}`;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.apiKey}`, 'content-type': 'application/json' },
      body: new Uint8Array(entry.map),
    });
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw new UploadError(entry.script, `Could not reach ${target.server}: ${cause}`, null);
  }
  const body = parseAnswer(await response.text());
  if (!response.ok || !body?.data) {
    const message = body?.errors?.length ? body.errors.join(' ') : `The server answered ${response.status} ${response.statusText}`.trim();
    throw new UploadError(entry.script, message, response.status);
  }
  return body.data;
}

function parseAnswer(text: string): { data?: UploadedMap; errors?: string[] } | null {
  try {
    return JSON.parse(text) as { data?: UploadedMap; errors?: string[] };
  } catch {
    // Not our server, or a proxy's error page: reported by its status instead.
    return null;
  }
}
