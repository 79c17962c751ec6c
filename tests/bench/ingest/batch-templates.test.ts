import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { batchBody, batchTemplates } from './batch-templates.js';

describe('batchTemplates', () => {
  it('gives each session its own visit, cut into numbered batches', () => {
    const templates = batchTemplates(2, 3, Date.UTC(2026, 0, 1));
    expect(templates.map((s) => s.length)).toEqual([3, 3]);
    expect(templates[0]![1]!.jsonTail).not.toBe(templates[1]![1]!.jsonTail);
    for (const t of templates.flat()) expect(t.events).toBeGreaterThan(20);
  });

  it('makes a gzip body the ingest route reads: the session id, then the batch', () => {
    const [template] = batchTemplates(1, 2, Date.UTC(2026, 0, 1))[0]!;
    const batch = JSON.parse(gunzipSync(batchBody(template!, 'session-1')).toString('utf8'));
    expect(batch).toMatchObject({ sessionId: 'session-1', seq: 0, pageNo: 0 });
    expect(batch.recording.length + batch.events.length).toBe(template!.events);
    expect(batch.recording[1].type).toBe(2);
  });
});
