import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storableJson, storableJsonText, storableParams, storableText } from './storable-text.js';

const HIGH = '\uD83D';
const LOW = '\uDE00';
const EMOJI = '\uD83D\uDE00';

/** What PostgreSQL can hold: no lone surrogate, no U+0000. */
/** Any UTF-16 text, lone halves of surrogate pairs included, with the characters of interest often. */
const utf16 = fc.string({
  unit: fc.oneof(fc.constantFrom(HIGH, LOW, EMOJI, '\u0000', '\\', '"', '\\ud83d', 'u'), fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code))),
});

const isStorable = (text: string) => (text as unknown as { isWellFormed(): boolean }).isWellFormed() && !text.includes('\u0000');
/** No escape json/jsonb refuses. */
const hasRefusedEscape = (json: string) => /(?<!\\)(?:\\\\)*\\u(?:d[89ab][0-9a-f]{2}(?!\\ud[c-f])|d[c-f][0-9a-f]{2}|0000)/i.test(json.replace(/\\ud[89ab][0-9a-f]{2}\\ud[c-f][0-9a-f]{2}/gi, ''));

describe('storable text', () => {
  it('replaces lone surrogates and U+0000 with U+FFFD, and keeps whole emoji', () => {
    expect(storableText(`Shop ${HIGH}`)).toBe('Shop \uFFFD');
    expect(storableText(`${LOW}x${HIGH}${HIGH}${LOW}`)).toBe(`\uFFFDx\uFFFD${EMOJI}`);
    expect(storableText(`a\u0000b ${EMOJI}`)).toBe(`a\uFFFDb ${EMOJI}`);
    const plain = 'nothing to do';
    expect(storableText(plain)).toBe(plain);
  });

  it('repairs the escapes JSON.stringify writes for them, and only escapes, in JSON text', () => {
    expect(JSON.stringify({ t: `Shop ${HIGH}`, [`k${LOW}`]: 'a\u0000b' })).toBe('{"t":"Shop \\ud83d","k\\ude00":"a\\u0000b"}');
    expect(storableJson({ t: `Shop ${HIGH}`, [`k${LOW}`]: 'a\u0000b', e: EMOJI })).toBe(`{"t":"Shop \\ufffd","k\\ufffd":"a\\ufffdb","e":"${EMOJI}"}`);
    // Paired escapes (an emoji written by another serializer) are kept, in either case.
    expect(storableJsonText('["\\ud83d\\ude00","\\uD83D\\uDE00"]')).toBe('["\\ud83d\\ude00","\\uD83D\\uDE00"]');
    // An escaped backslash followed by the letters "ud83d" is text, not an escape.
    expect(storableJsonText('["\\\\ud83d","\\\\\\ud83d"]')).toBe('["\\\\ud83d","\\\\\\ufffd"]');
    // A high escape followed by another high escape: both are lone.
    expect(storableJsonText('"\\ud83d\\ud83d\\ude00"')).toBe('"\\ufffd\\ud83d\\ude00"');
    expect(JSON.parse(storableJsonText(JSON.stringify(`${LOW}${HIGH}`)))).toBe('\uFFFD\uFFFD');
  });

  it('keeps every string JSON can carry readable, and never leaves an escape the database refuses', () => {
    fc.assert(
      fc.property(utf16, utf16, (key, value) => {
        const json = storableJson({ [key]: value, list: [value] });
        expect(hasRefusedEscape(json)).toBe(false);
        expect(isStorable(json)).toBe(true);
        expect(JSON.parse(json)).toEqual({ [storableText(key)]: storableText(value), list: [storableText(value)] });
      }),
    );
  });

  it('makes the parameters of a statement storable: text, JSON cast to json or jsonb, lists and plain objects', () => {
    const json = JSON.stringify({ t: HIGH });
    const when = new Date(0);
    const params = storableParams('insert into t values (?, ?::jsonb, ? :: json, cast(? as jsonb), ?, ?, ?, ?)', [`a${HIGH}`, json, json, json, json, [`b${LOW}`, 1], { t: LOW }, when]);
    expect(params).toEqual(['a\uFFFD', '{"t":"\\ufffd"}', '{"t":"\\ufffd"}', '{"t":"\\ufffd"}', json, ['b\uFFFD', 1], '{"t":"\\ufffd"}', when]);
    // A text parameter that merely looks like an escape is text: it is stored as given.
    expect(storableParams('select ?', ['\\ud83d'])).toEqual(['\\ud83d']);
    expect(storableParams('select ?::text', ['\\ud83d'])).toEqual(['\\ud83d']);
  });
});
