import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { carriesRecording, SinkLedger } from './sink-ledger.js';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('carriesRecording', () => {
  it('counts our batches only when they hold rrweb events, compressed or not', () => {
    const batch = { sessionId: 's', seq: 0, recording: [{ type: 2, timestamp: 1, data: {} }], events: [] };
    expect(carriesRecording('cassette', '/cassette/v1/batch', gzipSync(json(batch)))).toBe(true);
    expect(carriesRecording('cassette', '/cassette/v1/batch', json(batch))).toBe(true);
    expect(carriesRecording('cassette', '/cassette/v1/batch', gzipSync(json({ ...batch, recording: [] })))).toBe(false);
    expect(carriesRecording('cassette', '/cassette/v1/start', json(batch))).toBe(false);
  });

  it('counts a bare rrweb post only when it holds events', () => {
    expect(carriesRecording('rrweb', '/rrweb/batch', json([{ type: 4 }]))).toBe(true);
    expect(carriesRecording('rrweb', '/rrweb/batch', json([]))).toBe(false);
  });

  it('counts OpenReplay batches, not its start call', () => {
    expect(carriesRecording('openreplay', '/openreplay/v1/web/i', Buffer.from([81, 1, 2]))).toBe(true);
    expect(carriesRecording('openreplay', '/openreplay/v1/web/start', json({ projectKey: 'k' }))).toBe(false);
  });

  it('counts PostHog snapshots sent to the recording endpoint, not analytics events', () => {
    const snapshot = gzipSync(json([{ event: '$snapshot', properties: { $snapshot_data: [] } }]));
    expect(carriesRecording('posthog', '/posthog/s/', snapshot)).toBe(true);
    expect(carriesRecording('posthog', '/posthog/e/', gzipSync(json([{ event: '$pageview' }])))).toBe(false);
    expect(carriesRecording('posthog', '/posthog/s/', gzipSync(json([{ event: '$pageview' }])))).toBe(false);
  });

  it('counts Sentry envelopes with a replay recording item', () => {
    const replay = Buffer.concat([
      Buffer.from('{"event_id":"e"}\n{"type":"replay_event"}\n{}\n{"type":"replay_recording","length":3}\n'),
      Buffer.from([0x1f, 0x8b, 0x08]),
    ]);
    const error = Buffer.from('{"event_id":"e"}\n{"type":"event"}\n{}\n');
    expect(carriesRecording('sentry', '/sentry/api/1/envelope/', replay)).toBe(true);
    expect(carriesRecording('sentry', '/sentry/api/1/envelope/', error)).toBe(false);
  });

  it('never counts an empty body', () => {
    expect(carriesRecording('openreplay', '/openreplay/v1/web/i', Buffer.alloc(0))).toBe(false);
  });
});

describe('SinkLedger', () => {
  it('adds up requests and body bytes as received, per endpoint', () => {
    const ledger = new SinkLedger();
    const compressed = gzipSync(json({ recording: [{ type: 2 }] }));
    ledger.recordRequest('cassette', '/cassette/v1/start', json({ projectKey: 'k' }));
    ledger.recordRequest('cassette', '/cassette/v1/batch', compressed);
    ledger.recordRequest('cassette', '/cassette/v1/batch', compressed);
    ledger.recordDownload(1000);
    const totals = ledger.snapshot();
    expect(totals.requests).toBe(3);
    expect(totals.bytes).toBe(json({ projectKey: 'k' }).length + 2 * compressed.length);
    expect(totals.recordingPayloads).toBe(2);
    expect(totals.downloadedBytes).toBe(1000);
    expect(totals.byEndpoint['cassette:/cassette/v1/batch']).toEqual({ requests: 2, bytes: 2 * compressed.length });
  });

  it('groups ids out of endpoint names', () => {
    const ledger = new SinkLedger();
    ledger.recordRequest('posthog', '/posthog/array/phc_key/config', Buffer.alloc(0));
    ledger.recordRequest('sentry', '/sentry/api/42/envelope/', Buffer.from('x'));
    expect(Object.keys(ledger.snapshot().byEndpoint)).toEqual(['posthog:/posthog/array/{token}/config', 'sentry:/sentry/api/{project}/envelope/']);
  });
});
