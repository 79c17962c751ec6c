import { describe, expect, it } from 'vitest';
import { PARKED_ERROR_MAX_LENGTH } from '../shared/parked.js';
import { parkedErrorText } from './parked-error.js';

describe('the error a parked step keeps', () => {
  it('keeps the kind, the SQLSTATE code and the first line, without the values quoted in it', () => {
    const driver = Object.assign(new Error('invalid input syntax for type json: "{\\"body\\":\\"secret response\\"}"\nDETAIL: Token "secret" is invalid.'), { code: '22P02' });
    expect(parkedErrorText(driver)).toBe('Error 22P02: invalid input syntax for type json: "…"');
    expect(parkedErrorText(new TypeError("Cannot read properties of undefined (reading 'price')"))).toBe('TypeError: Cannot read properties of undefined (reading "…")');
  });

  it('leaves out the failing statement a driver puts in its message, with the recorded data inlined in it', () => {
    const query = "insert into sessions_events (value) values ('the whole response body')";
    const error = Object.assign(new Error(`${query} - value too long for type character varying(10)`), { query });
    expect(parkedErrorText(error)).toBe('Error: [statement] - value too long for type character varying(10)');
  });

  it('is capped, whatever the processor threw', () => {
    const text = parkedErrorText(new Error(`boom ${'x'.repeat(10_000)}`));
    expect(text).toHaveLength(PARKED_ERROR_MAX_LENGTH);
    expect(text.endsWith('…')).toBe(true);
    expect(parkedErrorText('a thrown string')).toBe('Error: a thrown string');
    expect(parkedErrorText(new Error(''))).toBe('Error: no message');
  });
});
