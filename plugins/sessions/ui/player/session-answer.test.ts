import { describe, expect, it } from 'vitest';
import { recordingIndexFromAnswer, sessionFromAnswer } from './session-answer.js';

describe('sessionFromAnswer', () => {
  it('puts back the nulls and lists the API left out', () => {
    const session = sessionFromAnswer({
      sessionId: '1',
      events: [{ key: '0:0', type: 'LOCATION', time: 0, timestamp: 1, url: 'https://shop.test/' }],
      resources: [{ key: '0:1', type: 'fetch', url: 'https://shop.test/api', name: 'api', success: false, score: 100, time: 5, timestamp: 6, headers: {} as never }],
      errors: [{ key: '0:2', source: 'js_exception', name: 'TypeError', message: 'x', time: 1, timestamp: 2 }],
    } as never);
    expect(session.events[0]).toMatchObject({ ttfb: null, title: null, loadTime: null });
    expect(session.resources[0]).toMatchObject({ payload: null, response: null, status: null, headers: { request: null, response: null } });
    expect(session.errors[0]!.stack).toBeNull();
    expect(session.logs).toEqual([]);
    expect(session.performance).toEqual([]);
    expect(session.previousSessionId).toBeNull();
    expect(session.metadata).toEqual({});
  });

  it('keeps the values that are there', () => {
    const session = sessionFromAnswer({ sessionId: '1', userId: 'ada', events: [{ key: 'a', type: 'CLICK', time: 3, timestamp: 4, target: { path: '#b', label: 'Buy' }, targetContent: 'Buy', count: 5 }] } as never);
    expect(session.userId).toBe('ada');
    expect(session.events[0]).toMatchObject({ count: 5, targetContent: 'Buy' });
  });

  it('gives chunks without DOM events null timestamps, not undefined ones', () => {
    const index = recordingIndexFromAnswer({ startedAt: 10, chunks: [{ seq: 4, pageNo: 1, hasFullSnapshot: false, bytes: 2 }] } as never);
    expect(index.chunks[0]).toEqual({ seq: 4, pageNo: 1, hasFullSnapshot: false, bytes: 2, firstTimestamp: null, lastTimestamp: null });
  });
});
