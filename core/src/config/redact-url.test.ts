import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.js';

describe('redactUrl', () => {
  it('hides the password and keeps the rest of the address', () => {
    expect(redactUrl('postgres://cassette:s3cret@db.internal:5432/cassette')).toBe('postgres://cassette:***@db.internal:5432/cassette');
  });

  it('leaves an address without a password as it is', () => {
    expect(redactUrl('redis://localhost:6379')).toBe('redis://localhost:6379');
  });

  it('never echoes text it cannot parse (it may hold a password)', () => {
    expect(redactUrl('not a url :secret@')).toBe('(an unparseable URL)');
  });
});
