import { describe, expect, it } from 'vitest';
import { ev, T0 } from '../../testing/heuristic-fixture.js';
import { HITS_PER_RULE_AND_BATCH, matchEvent, matchWatchdogs, watchdogSampled, type RunnableWatchdog } from './watchdog-matcher.js';

const rule = (ruleId: string, value: string | number, extra: Partial<RunnableWatchdog> = {}): RunnableWatchdog => ({
  watchdogId: 7,
  name: 'Rule',
  ruleId,
  ruleConfig: { value },
  payload: { captureAll: true, rate: 100 },
  ...extra,
});

describe('matchEvent: each rule against the events it watches', () => {
  it('custom_event: the name, without regard to case or surrounding blanks', () => {
    expect(matchEvent(rule('custom_event', 'Payment_Failed '), ev(0, { type: 'custom', name: 'payment_failed' }))).toBe('Custom event payment_failed');
    expect(matchEvent(rule('custom_event', 'payment'), ev(0, { type: 'custom', name: 'payment_failed' }))).toBeNull();
  });

  it('error_message, click_label, page_url: the text anywhere, any case', () => {
    expect(matchEvent(rule('error_message', 'UNDEFINED'), ev(0, { type: 'error', source: 'js_exception', name: 'TypeError', message: 'x is undefined' }))).toBe('TypeError: x is undefined');
    expect(matchEvent(rule('error_message', 'null'), ev(0, { type: 'error', source: 'js_exception', name: 'TypeError', message: 'x is undefined' }))).toBeNull();
    expect(matchEvent(rule('click_label', 'pay'), ev(0, { type: 'click', selector: 'button', label: 'Pay now' }))).toBe('Click on Pay now');
    expect(matchEvent(rule('page_url', '/checkout'), ev(0, { type: 'page', url: 'https://shop.test/checkout?step=2', referrer: '', title: '' }))).toBe('https://shop.test/checkout?step=2');
    // A click is not a page visit.
    expect(matchEvent(rule('page_url', 'pay'), ev(0, { type: 'click', selector: 'a', label: 'pay' }))).toBeNull();
  });

  it('thresholds: strictly above the value', () => {
    const timing = (load: number) => ev(0, { type: 'page_timing', url: 'https://shop.test/', timings: { load } });
    expect(matchEvent(rule('page_load_time', 3000), timing(3001))).toBe('Page load 3001 ms: https://shop.test/');
    expect(matchEvent(rule('page_load_time', 3000), timing(3000))).toBeNull();
    const request = ev(0, { type: 'request', kind: 'fetch', url: 'https://api.test/cart', method: 'GET', status: 200, duration: 1500 });
    expect(matchEvent(rule('request_duration', 1000), request)).toBe('GET https://api.test/cart took 1500 ms');
    expect(matchEvent(rule('request_duration', 1500), request)).toBeNull();
    const sample = ev(0, { type: 'performance', cpu: 91, memoryUsed: 300 * 1024 * 1024 });
    expect(matchEvent(rule('cpu_load', 90), sample)).toBe('CPU 91 %');
    expect(matchEvent(rule('memory_used', 256), sample)).toBe('Memory 300 MB');
    expect(matchEvent(rule('memory_used', 300), sample)).toBeNull();
    expect(matchEvent(rule('memory_used', 1), ev(0, { type: 'performance', cpu: 5 }))).toBeNull();
  });
});

describe('matchWatchdogs', () => {
  it('answers the hits of every rule, named, at their event, with the rule in the payload', () => {
    const items = [ev(100, { type: 'custom', name: 'signup' }, { seq: 2, idx: 4 }), ev(200, { type: 'click', selector: 'b', label: 'Buy' }, { seq: 2, idx: 5 })];
    const hits = matchWatchdogs([rule('custom_event', 'signup', { watchdogId: 1, name: 'Signed up' }), rule('click_label', 'buy', { watchdogId: 2, name: 'Buyers' })], '1764230400000123456', items);
    expect(hits).toEqual([
      { watchdogId: 1, contextString: 'Signed up: Custom event signup', timestamp: T0 + 100, seq: 2, idx: 4, payload: { watchdogId: 1, name: 'Signed up', ruleId: 'custom_event' } },
      { watchdogId: 2, contextString: 'Buyers: Click on Buy', timestamp: T0 + 200, seq: 2, idx: 5, payload: { watchdogId: 2, name: 'Buyers', ruleId: 'click_label' } },
    ]);
  });

  it(`keeps at most ${HITS_PER_RULE_AND_BATCH} hits per rule and batch`, () => {
    const samples = Array.from({ length: 12 }, (_, i) => ev(i * 1000, { type: 'performance', cpu: 99 }, { idx: i }));
    expect(matchWatchdogs([rule('cpu_load', 50)], '1764230400000123456', samples)).toHaveLength(HITS_PER_RULE_AND_BATCH);
  });

  it('flags a rate share of sessions, always the same ones; capture all flags every one', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `1764230400000${String(100000 + i)}`);
    const half = { watchdogId: 3, payload: { captureAll: false, rate: 50 } };
    const flagged = ids.filter((id) => watchdogSampled(id, half));
    expect(flagged.length).toBeGreaterThan(150);
    expect(flagged.length).toBeLessThan(250);
    expect(ids.filter((id) => watchdogSampled(id, half))).toEqual(flagged);
    expect(ids.every((id) => watchdogSampled(id, { watchdogId: 3, payload: { captureAll: true, rate: 0 } }))).toBe(true);
    expect(ids.some((id) => watchdogSampled(id, { watchdogId: 3, payload: { captureAll: false, rate: 0 } }))).toBe(false);
    expect(ids.every((id) => watchdogSampled(id, { watchdogId: 3, payload: { captureAll: false, rate: 100 } }))).toBe(true);
    expect(matchWatchdogs([rule('custom_event', 'x', { payload: { captureAll: false, rate: 0 } })], ids[0]!, [ev(0, { type: 'custom', name: 'x' })])).toEqual([]);
  });
});
