import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SinkServer } from './sink-server.js';
import { VARIANTS, type VariantId } from './variants.js';

const variant = (id: VariantId) => VARIANTS.find((v) => v.id === id)!;

describe('SinkServer', () => {
  let sink: SinkServer;
  beforeAll(async () => {
    sink = await SinkServer.start({ rows: 5, bundles: new Map([['cassette', Buffer.from('/* tracker */')]]) });
  });
  afterAll(() => sink.close());

  it('serves the heavy page with the current variant and no recorder on the last page', async () => {
    sink.useVariant(variant('cassette'));
    const list = await (await fetch(`${sink.origin}/app/list`)).text();
    expect(list).toContain('<script src="/bundles/cassette.js"></script>');
    expect(list).toContain('const ROWS = 5;');
    sink.useVariant(variant('none'));
    expect(await (await fetch(`${sink.origin}/app/list`)).text()).not.toContain('/bundles/');
    sink.useVariant(variant('cassette'));
    expect(await (await fetch(`${sink.origin}/app/end`)).text()).not.toContain('<script');
  });

  it('answers our start and batch protocol and counts bytes as sent', async () => {
    const ledger = sink.useVariant(variant('cassette'));
    const start = await (await fetch(`${sink.origin}/cassette/v1/start`, { method: 'POST', body: JSON.stringify({ projectKey: 'k' }) })).json();
    expect(start).toMatchObject({ sampled: true, resumed: false, nextSeq: 0, config: { flushIntervalMs: 10_000 } });
    const body = gzipSync(JSON.stringify({ sessionId: start.sessionId, seq: 0, recording: [{ type: 2, timestamp: 1, data: {} }], events: [] }));
    const ack = await (await fetch(`${sink.origin}/cassette/v1/batch`, { method: 'POST', body })).json();
    expect(ack).toEqual({ seq: 0, duplicate: false });
    const resumed = await (await fetch(`${sink.origin}/cassette/v1/start`, { method: 'POST', body: JSON.stringify({ resume: { sessionId: start.sessionId, token: start.token } }) })).json();
    expect(resumed).toMatchObject({ sessionId: start.sessionId, resumed: true, nextSeq: 1 });
    const totals = ledger.snapshot();
    expect(totals).toMatchObject({ requests: 3, recordingPayloads: 1 });
    expect(totals.byEndpoint['cassette:/cassette/v1/batch']).toEqual({ requests: 1, bytes: body.length });
  });

  it("answers OpenReplay's start with the fields its tracker checks", async () => {
    sink.useVariant(variant('openreplay'));
    const start = await (await fetch(`${sink.origin}/openreplay/v1/web/start`, { method: 'POST', body: '{}' })).json();
    expect(typeof start.token).toBe('string');
    expect(typeof start.userUUID).toBe('string');
    expect(typeof start.sessionID).toBe('string');
    expect(typeof start.delay).toBe('number');
  });

  it("turns PostHog's recording on and serves its recorder locally, counted as a download", async () => {
    const ledger = sink.useVariant(variant('posthog'));
    const config = await (await fetch(`${sink.origin}/posthog/array/phc_bench/config.js`)).text();
    expect(config).toContain('"sessionRecording":{"endpoint":"/s/"');
    const recorder = await fetch(`${sink.origin}/posthog/static/1.449.2/lazy-recorder.js`);
    expect(recorder.status).toBe(200);
    const size = (await recorder.arrayBuffer()).byteLength;
    expect(ledger.snapshot()).toMatchObject({ requests: 1, bytes: 0, downloadedBytes: size });
  });

  it('refuses unknown paths without counting them', async () => {
    const ledger = sink.useVariant(variant('sentry'));
    expect((await fetch(`${sink.origin}/elsewhere`)).status).toBe(404);
    expect((await fetch(`${sink.origin}/bundles/nothing.js`)).status).toBe(404);
    expect(ledger.snapshot().requests).toBe(0);
  });
});
