import { describe, expect, it } from 'vitest';
import type { PrivacyRules } from './masking';
import type { TrackerEvent } from './protocol';
import { asStrict, rememberedRules, rememberRules, remaskEarlyEvent, STRICTEST } from './rules-before-start';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

const PLAIN: PrivacyRules = { defaultInputMode: 'plain', maskEmails: false, maskNumbers: false };
const OBSCURED_EMAILS: PrivacyRules = { defaultInputMode: 'obscured', maskEmails: true, maskNumbers: false };
const STRICT: PrivacyRules = { defaultInputMode: 'hidden', maskEmails: true, maskNumbers: true };

describe('rules before the session starts', () => {
  it('are unknown on a first visit (the strictest apply), and the last answer of this project afterwards', () => {
    const storage = memoryStorage();
    expect(rememberedRules(storage, 'pk-1')).toBeNull();
    expect(STRICTEST).toEqual({ defaultInputMode: 'hidden', maskEmails: true, maskNumbers: true, captureNetworkPayloads: false });
    rememberRules(storage, 'pk-1', { defaultInputMode: 'plain', maskEmails: false, maskNumbers: false, captureNetworkPayloads: true, maxBatchBytes: 1, flushIntervalMs: 1 } as never);
    expect(rememberedRules(storage, 'pk-1')).toEqual({ defaultInputMode: 'plain', maskEmails: false, maskNumbers: false, captureNetworkPayloads: true });
    // Only the privacy settings are kept, per project key.
    expect(JSON.parse(storage.data.get('cassette:rules:pk-1')!)).not.toHaveProperty('maxBatchBytes');
    expect(rememberedRules(storage, 'pk-2')).toBeNull();
  });

  it('take whatever is odd in storage as its strictest value, and unreadable storage as a first visit', () => {
    const odd = memoryStorage({
      'cassette:rules:a': '{"defaultInputMode":"plain","maskEmails":"no","captureNetworkPayloads":"yes"}',
      'cassette:rules:b': '{"defaultInputMode":"everything"}',
      'cassette:rules:c': 'not json',
    });
    expect(rememberedRules(odd, 'a')).toEqual({ defaultInputMode: 'plain', maskEmails: true, maskNumbers: true, captureNetworkPayloads: false });
    expect(rememberedRules(odd, 'b')).toBeNull();
    expect(rememberedRules(odd, 'c')).toBeNull();
    const blocked = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    expect(rememberedRules(blocked, 'a')).toBeNull();
    expect(() => rememberRules(blocked, 'a', STRICTEST)).not.toThrow();
    expect(rememberedRules(undefined, 'a')).toBeNull();
  });

  it('what was recorded stands when it was at least as strict as the grant in every respect', () => {
    expect(asStrict(STRICT, false, PLAIN, true)).toBe(true);
    expect(asStrict(OBSCURED_EMAILS, false, OBSCURED_EMAILS, false)).toBe(true);
    expect(asStrict(PLAIN, false, OBSCURED_EMAILS, false)).toBe(false);
    expect(asStrict(OBSCURED_EMAILS, false, { ...OBSCURED_EMAILS, defaultInputMode: 'hidden' }, false)).toBe(false);
    expect(asStrict(OBSCURED_EMAILS, false, { ...OBSCURED_EMAILS, maskNumbers: true }, false)).toBe(false);
    expect(asStrict(STRICT, true, STRICT, false)).toBe(false);
  });

  it('re-masks console text, strips request payloads and drops clicks and inputs recorded under laxer rules', () => {
    const events: TrackerEvent[] = [
      { type: 'console', ts: 1, level: 'log', value: 'sent to jane@example.com, order 42' },
      {
        type: 'request', ts: 2, kind: 'fetch', url: 'https://api.shop.test/x', method: 'POST', status: 500, duration: 3,
        requestHeaders: { 'x-user': 'jane' }, responseHeaders: { a: 'b' }, requestBody: '{"card":"4242"}', responseBody: 'no',
      },
      { type: 'click', ts: 3, selector: '#who', label: 'jane@example.com' },
      { type: 'input', ts: 4, selector: '#name', label: 'Name', value: 'Jane', mode: 'plain' },
      { type: 'error', ts: 5, source: 'js_exception', name: 'TypeError', message: 'x is undefined', stack: 'at app.js:1:2' },
      { type: 'page', ts: 0, url: 'https://shop.test/', referrer: '', title: 'Shop' },
    ];
    const out = events.map((e) => remaskEarlyEvent(e, OBSCURED_EMAILS, false));
    expect(out[0]).toEqual({ type: 'console', ts: 1, level: 'log', value: `sent to ${'*'.repeat('jane@example.com'.length)}, order 42` });
    expect(out[1]).toEqual({ type: 'request', ts: 2, kind: 'fetch', url: 'https://api.shop.test/x', method: 'POST', status: 500, duration: 3 });
    expect(out[2]).toBeNull();
    expect(out[3]).toBeNull();
    expect(out[4]).toBe(events[4]);
    expect(out[5]).toBe(events[5]);
    // Payloads stay when the grant allows them.
    expect(remaskEarlyEvent(events[1]!, OBSCURED_EMAILS, true)).toBe(events[1]);
  });
});
