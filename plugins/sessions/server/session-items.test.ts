import { describe, expect, it } from 'vitest';
import { resourceName, resourceType, toLog, toResource, type StoredEventRow } from './session-items.js';

const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);

function row(overrides: Partial<StoredEventRow>): StoredEventRow {
  return {
    seq: 3,
    idx: 7,
    ts: new Date(T0 + 250),
    type: 'CONSOLE',
    url: null,
    host: null,
    path: null,
    label: null,
    selector: null,
    value: null,
    name: null,
    method: null,
    status: null,
    success: null,
    duration: null,
    ttfb: null,
    dom_content_loaded: null,
    dom_complete: null,
    load_time: null,
    fcp: null,
    lcp: null,
    speed_index: null,
    tti: null,
    dom_building: null,
    first_paint: null,
    response_time: null,
    response_end: null,
    dom_content_loaded_start: null,
    payload: null,
    ...overrides,
  };
}

describe('session items', () => {
  it("maps the browser's initiator types to the spec's resource types", () => {
    expect(['img', 'script', 'link', 'css', 'video', 'audio', 'beacon', '', null].map(resourceType)).toEqual([
      'img',
      'script',
      'css',
      'css',
      'media',
      'media',
      'other',
      'other',
      'other',
    ]);
  });

  it('names a resource by its last path segment, or its host', () => {
    expect(resourceName('https://cdn.example.test/img/hero%20shot.png?v=2')).toBe('hero shot.png');
    expect(resourceName('https://api.example.test/')).toBe('api.example.test');
    expect(resourceName('/relative/path/app.js?x=1')).toBe('app.js');
    expect(resourceName('https://cdn.example.test/bad%E0%A4%A')).toBe('bad%E0%A4%A');
  });

  it('keeps a known console level and reads anything else as log', () => {
    expect(toLog(row({ name: 'exception', value: 'boom' }), T0)).toEqual({ level: 'exception', value: 'boom', time: 250, timestamp: T0 + 250 });
    expect(toLog(row({ name: 'debug' }), T0).level).toBe('log');
  });

  it('never puts an item before the session start (a browser clock slightly behind)', () => {
    expect(toLog(row({ ts: new Date(T0 - 40) }), T0)).toMatchObject({ time: 0, timestamp: T0 - 40 });
  });

  it('reads headers as strings only, and a failed resource at the top score', () => {
    const fetchRow = row({ type: 'FETCH', url: 'https://api.example.test/x', status: 0, success: false, payload: { kind: 'xhr', requestHeaders: { a: '1', b: 2, c: null } } });
    expect(toResource(fetchRow, T0)).toMatchObject({ key: '3:7', type: 'xhr', status: 0, success: false, score: 100, headers: { request: { a: '1' }, response: null } });
  });
});
