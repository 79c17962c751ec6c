import { backoffDelay, parseRetryAfter, retryAfterDelay } from './backoff';
import { deviceId, localStore } from './device-id';
import { boundStartRequest } from './limits';
import type { TrackerOptions } from './options';
import { INGEST_PATHS, PROTOCOL_VERSION, type StartRequest, type StartResponse } from './protocol';
import type { Win } from './start-conditions';
import type { StartFailure } from './start-result';
import { TRACKER_VERSION } from './version';

const START_ATTEMPTS = 4;

/** Who the visitor is, as far as the site told the tracker before the session starts. */
export interface Identity {
  userId?: string;
  userAnonymousId?: string;
  metadata: Record<string, string>;
}

export interface StartCall {
  ingestPoint: string;
  /** The page's own fetch, not the one the network capture wraps. */
  fetch: typeof fetch;
  options: TrackerOptions;
  identity: Identity;
}

export type StartAnswer =
  | { ok: true; response: Extract<StartResponse, { sampled: true }> }
  | { ok: false; reason: StartFailure; message: string };

/** The page and device facts the server stores with the session, and the session to resume. */
function startRequestBody(win: Win, call: StartCall, resume: StartRequest['resume']): StartRequest {
  const { options, identity } = call;
  const body: StartRequest = {
    projectKey: options.projectKey,
    trackerVersion: TRACKER_VERSION,
    protocolVersion: PROTOCOL_VERSION,
    timestamp: Date.now(),
    url: win.location.href,
    referrer: win.document.referrer,
    title: win.document.title,
    screen: { width: win.screen?.width ?? 0, height: win.screen?.height ?? 0 },
    viewport: { width: win.innerWidth ?? 0, height: win.innerHeight ?? 0 },
  };
  try {
    body.timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // Old browsers: the zone is optional.
  }
  if (win.navigator.language) body.language = win.navigator.language;
  if (typeof win.navigator.maxTouchPoints === 'number') body.maxTouchPoints = win.navigator.maxTouchPoints;
  if (identity.userId) body.userId = identity.userId;
  if (identity.userAnonymousId) body.userAnonymousId = identity.userAnonymousId;
  if (options.deviceId !== false) body.userUuid = deviceId(localStore(win));
  if (Object.keys(identity.metadata).length) body.metadata = { ...identity.metadata };
  if (options.revID) body.revId = String(options.revID);
  if (resume) body.resume = resume;
  return body;
}

/**
 * Asks the ingest server for a session (a new one, or `resume`'s), retrying while it is
 * unavailable or busy; a refusal (unknown project, bad request) is final at once.
 */
export async function requestStart(call: StartCall, resume: StartRequest['resume']): Promise<StartAnswer> {
  const body = startRequestBody(window as Win, call, resume);
  let message = 'The ingest server did not answer.';
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    let response: Response | null = null;
    try {
      response = await call.fetch(call.ingestPoint + INGEST_PATHS.start, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(boundStartRequest(body)),
        credentials: 'omit',
      });
    } catch (error) {
      message = `Could not reach the ingest server: ${String((error as Error)?.message ?? error)}`;
    }
    if (response) {
      const json = (await response.json().catch(() => null)) as { data?: StartResponse; errors?: string[] } | null;
      const serverMessage = json?.errors?.[0];
      if (response.ok) {
        const data = (json?.data ?? json) as StartResponse | null;
        if (data && data.sampled === false) return { ok: false, reason: 'sampled_out', message: data.reason || 'This session is not sampled.' };
        if (data && data.sampled === true && typeof data.sessionId === 'string' && typeof data.token === 'string' && data.config) {
          return { ok: true, response: data };
        }
        return { ok: false, reason: 'rejected', message: 'The ingest server sent an answer this tracker does not understand.' };
      }
      if (response.status === 404) return { ok: false, reason: 'unknown_project', message: serverMessage ?? 'Unknown project key.' };
      if (response.status !== 429 && response.status !== 408 && response.status < 500) {
        return { ok: false, reason: 'rejected', message: serverMessage ?? `The ingest server refused to start (${response.status}).` };
      }
      message = serverMessage ?? `The ingest server is unavailable (${response.status}).`;
      if (attempt < START_ATTEMPTS - 1) {
        const retryAfter = parseRetryAfter(response.headers.get('Retry-After'), Date.now());
        await new Promise((r) => setTimeout(r, retryAfter !== undefined ? retryAfterDelay(Math.min(retryAfter, 30_000), Math.random()) : backoffDelay(attempt, Math.random())));
        continue;
      }
    } else if (attempt < START_ATTEMPTS - 1) {
      await new Promise((r) => setTimeout(r, backoffDelay(attempt, Math.random())));
      continue;
    }
  }
  return { ok: false, reason: 'unavailable', message };
}
