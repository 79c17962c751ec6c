import type { PerformanceSample, Session, SessionError, SessionEventItem, SessionIssue, SessionResource, StackEvent } from '../../shared/session.js';
import type { RecordingChunkInfo, RecordingIndex } from '../../shared/recording.js';

/**
 * The API leaves out null fields of its answers; the player's code reads the `Session` type,
 * where "unknown" is null. This puts the nulls (and empty lists) back, so a missing TTFB or
 * an uncaptured body reads as null everywhere instead of undefined.
 */
type Loose<T> = { [K in keyof T]?: T[K] | undefined };

function withNulls<T extends object>(value: Loose<T>, keys: readonly (keyof T)[]): T {
  const out = { ...value } as Record<keyof T, unknown>;
  for (const key of keys) if (out[key] === undefined) out[key] = null;
  return out as T;
}

const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);

const LOCATION_NULLABLE = ['host', 'path', 'title', 'referrer', 'pageLoad', 'fcpTime', 'lcpTime', 'ttfb', 'loadTime', 'domContentLoadedTime', 'domBuildingTime', 'speedIndex', 'visuallyComplete', 'timeToInteractive'] as const;

function eventItem(e: Loose<SessionEventItem> & { type: SessionEventItem['type'] }): SessionEventItem {
  if (e.type === 'LOCATION') return withNulls(e as Loose<Extract<SessionEventItem, { type: 'LOCATION' }>>, LOCATION_NULLABLE);
  if (e.type === 'CUSTOM') return withNulls(e as Loose<Extract<SessionEventItem, { type: 'CUSTOM' }>>, ['payload']);
  if (e.type === 'INPUT') return { value: '', ...e } as SessionEventItem;
  return { targetContent: '', count: 1, ...e } as SessionEventItem;
}

function resource(r: Loose<SessionResource>): SessionResource {
  const filled = withNulls(r, ['method', 'status', 'duration', 'ttfb', 'payload', 'response', 'encodedBodySize', 'decodedBodySize']);
  return { ...filled, headers: withNulls(r.headers ?? {}, ['request', 'response']) };
}

export function sessionFromAnswer(raw: Loose<Session>): Session {
  const session = withNulls(raw, [
    'userId', 'userAnonymousId', 'userUuid', 'userBrowser', 'userBrowserVersion', 'userOs', 'userOsVersion', 'userDevice', 'userDeviceType',
    'userCountry', 'pageTitle', 'startUrl', 'referrer', 'revId', 'timezone', 'userAgent', 'screen', 'viewport', 'previousSessionId', 'nextSessionId',
  ]);
  return {
    ...session,
    metadata: raw.metadata ?? {},
    issueTypes: list(raw.issueTypes),
    events: list(raw.events).map((e) => eventItem(e)),
    errors: list(raw.errors).map((e) => withNulls<SessionError>(e, ['stack'])),
    issues: list(raw.issues).map((i) => withNulls<SessionIssue>(i, ['payload'])),
    missedResources: list(raw.missedResources).map(resource),
    logs: list(raw.logs),
    resources: list(raw.resources).map(resource),
    stackEvents: list(raw.stackEvents).map((s) => withNulls<StackEvent>(s, ['method', 'duration', 'payload'])),
    performance: list(raw.performance).map((p) => withNulls<PerformanceSample>(p, ['cpu', 'memoryUsed', 'memoryTotal', 'fps'])),
  };
}

/** The recording index with its null timestamps put back (a chunk without DOM events has none). */
export function recordingIndexFromAnswer(raw: Loose<RecordingIndex>): RecordingIndex {
  return {
    startedAt: raw.startedAt ?? 0,
    chunks: list(raw.chunks).map((c) => withNulls<RecordingChunkInfo>(c, ['firstTimestamp', 'lastTimestamp'])),
  };
}
