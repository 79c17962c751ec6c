import { describe, expect, it } from 'vitest';
import type { HttpError } from '@cassette/plugin-sdk/server';
import type { LogSource } from '../api.js';
import { fakeLogSource } from '../testing/index.js';
import { readConfig } from './config-input.js';

/** A log source shaped like Elasticsearch's form (spec part 2 §3): a port and indexes with defaults, a region to pick. */
const elastic: LogSource = {
  ...fakeLogSource('elastic', 'Elasticsearch'),
  fields: [
    { key: 'host', label: 'Host', kind: 'text', required: true },
    { key: 'apiKeyId', label: 'API key id', kind: 'text', required: true },
    { key: 'apiKey', label: 'API key', kind: 'secret', required: true },
    { key: 'indexes', label: 'Indexes', kind: 'text', required: true, default: '*log*' },
    { key: 'port', label: 'Port', kind: 'number', required: true, default: 9200 },
    { key: 'region', label: 'Region', kind: 'select', required: false, options: [{ value: 'eu', label: 'Europe' }, { value: 'us', label: 'United States' }] },
  ],
  // Spec part 2 §5: the key id is exactly 20 characters, the key exactly 22.
  validate: (c) => ({
    ...(String(c.apiKeyId).length !== 20 ? { apiKeyId: 'API key id must be exactly 20 characters.' } : {}),
    ...(String(c.apiKey).length !== 22 ? { apiKey: 'API key must be exactly 22 characters.' } : {}),
  }),
};
const KEY_ID = 'k'.repeat(20);
const KEY = 's'.repeat(18) + '1f2e';

function problems(submitted: Record<string, string | number>, stored: Record<string, string | number> | null = null): string[] {
  try {
    readConfig(elastic, submitted, stored);
    return [];
  } catch (error) {
    return (error as HttpError).messages;
  }
}

describe('readConfig', () => {
  it('applies the defaults to empty fields before the contribution’s rules, reads numbers and trims text', () => {
    expect(readConfig(elastic, { host: ' es.example.com ', apiKeyId: KEY_ID, apiKey: KEY, indexes: '', port: '' }, null)).toEqual({ host: 'es.example.com', apiKeyId: KEY_ID, apiKey: KEY, indexes: '*log*', port: 9200 });
    expect(readConfig(elastic, { host: 'es', apiKeyId: KEY_ID, apiKey: KEY, port: '9243', region: 'eu' }, null)).toMatchObject({ port: 9243, region: 'eu' });
  });

  it('names every problem: required fields, numbers, options, then the contribution’s own rules', () => {
    expect(problems({ apiKeyId: KEY_ID, apiKey: KEY })).toEqual(['Host is required.']);
    expect(problems({ host: 'es', apiKeyId: KEY_ID, apiKey: KEY, port: 'ninety' })).toEqual(['Port must be a number.']);
    expect(problems({ host: 'es', apiKeyId: KEY_ID, apiKey: KEY, region: 'mars' })).toEqual(['Region must be one of Europe, United States.']);
    expect(problems({ host: 'es', apiKeyId: 'short', apiKey: 'short' })).toEqual(['API key id must be exactly 20 characters.', 'API key must be exactly 22 characters.']);
    expect(problems({ host: 'x'.repeat(2_001), apiKeyId: KEY_ID, apiKey: KEY })).toEqual(['Host is longer than 2000 characters.']);
  });

  it('keeps the stored secret when it comes back masked or empty, and refuses a mask that is not the stored one', () => {
    const stored = { host: 'es', apiKeyId: KEY_ID, apiKey: KEY, indexes: '*log*', port: 9200 };
    expect(readConfig(elastic, { ...stored, apiKey: '••••1f2e' }, stored).apiKey).toBe(KEY);
    expect(problems({ ...stored, apiKey: '••••0000' }, stored)).toEqual(['API key: enter the whole value again.']);
    expect(problems({ ...stored, apiKey: '••••1f2e' }, null)).toEqual(['API key: enter the whole value again.']);
    const { apiKey: _left, ...withoutSecret } = stored;
    expect(readConfig(elastic, { ...withoutSecret, apiKey: '' }, stored).apiKey).toBe(KEY);
    expect(readConfig(elastic, withoutSecret, stored).apiKey).toBe(KEY);
    expect(problems(withoutSecret, null)).toEqual(['API key is required.']);
  });
});
