// What ingest hands its processors, made up for tests: a started session and a decoded batch,
// with the values a Chrome visit on a shop would have. Override any field.
import type { DecodedBatch, IngestSession, TrackerEvent } from '../api.js';

let counter = 0;

/** A session id as ingest makes them (19 digits: the start in ms, then 6 more), unique per call. */
export function sessionIdAt(startedAt: number): string {
  counter += 1;
  return `${Math.floor(startedAt)}${String(counter % 1_000_000).padStart(6, '0')}`;
}

/** A session started an hour ago unless `startedAt` says otherwise. */
export function ingestSession(projectId: number, tenantId: number, overrides: Partial<IngestSession> = {}): IngestSession {
  const startedAt = overrides.startedAt ?? Date.now() - 3_600_000;
  return {
    sessionId: sessionIdAt(startedAt),
    projectId,
    tenantId,
    startedAt,
    trackerVersion: '1.0.0',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    browser: 'Chrome',
    browserVersion: '156.0.0.0',
    os: 'Linux',
    osVersion: null,
    device: null,
    deviceType: 'desktop',
    country: 'FR',
    url: 'https://shop.example.test/products?id=1',
    referrer: '',
    title: 'Products',
    timezone: 'Europe/Paris',
    language: 'fr-FR',
    screen: { width: 1920, height: 1080 },
    viewport: { width: 1280, height: 720 },
    userId: null,
    userAnonymousId: null,
    userUuid: null,
    metadata: {},
    revId: 'rev-42',
    ...overrides,
  };
}

/** Batch `seq` of the session, stored a minute after the previous one, with these events and no recording. */
export function decodedBatch(session: IngestSession, seq: number, events: TrackerEvent[], overrides: Partial<DecodedBatch> = {}): DecodedBatch {
  return {
    sessionId: session.sessionId,
    projectId: session.projectId,
    seq,
    pageNo: 0,
    receivedAt: session.startedAt + (seq + 1) * 60_000,
    recording: [],
    events,
    final: false,
    ...overrides,
  };
}
