import { describe, expect, it } from 'vitest';
import { adfToText, textToAdf } from './adf.js';

describe('Atlassian Document Format', () => {
  it('makes paragraphs of blank-line blocks, hard breaks of single line breaks, and link marks of URLs', () => {
    const doc = textToAdf('Checkout fails on submit\nfor guests.\n\nSession: https://cassette.example.com/3/session/77?jumpto=4200.');
    expect(doc).toEqual({
      type: 'doc',
      version: 1,
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Checkout fails on submit' }, { type: 'hardBreak' }, { type: 'text', text: 'for guests.' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Session: ' },
            { type: 'text', text: 'https://cassette.example.com/3/session/77?jumpto=4200', marks: [{ type: 'link', attrs: { href: 'https://cassette.example.com/3/session/77?jumpto=4200' } }] },
            { type: 'text', text: '.' },
          ],
        },
      ],
    });
  });

  it('reads a document back as the text a reader sees', () => {
    const doc = {
      type: 'doc',
      version: 1,
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Seen by ' }, { type: 'mention', attrs: { id: 'a1', text: '@Ada' } }, { type: 'hardBreak' }, { type: 'text', text: 'twice' }] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] }] },
        { type: 'paragraph', content: [{ type: 'inlineCard', attrs: { url: 'https://example.com/x' } }] },
      ],
    };
    expect(adfToText(doc)).toBe('Seen by @Ada\ntwice\n\none\n\nhttps://example.com/x');
    expect(adfToText(textToAdf('a\n\nb https://x.test/y'))).toBe('a\n\nb https://x.test/y');
    expect(adfToText(null)).toBe('');
  });
});
