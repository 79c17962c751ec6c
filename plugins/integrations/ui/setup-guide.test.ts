import { describe, expect, it } from 'vitest';
import { guideBlocks } from './setup-guide.js';

describe("a log source's setup guide", () => {
  it('reads paragraphs, lists, headings and fenced code, keeping the code as written', () => {
    const guide = '## Tag your lines\nYour backend logs\nthe tag.\n\n- a header\n- a field\n\n```js\nlogger.info("paid", {\n  cassetteSessionId })\n```\nDone.';
    expect(guideBlocks(guide)).toEqual([
      { kind: 'heading', text: 'Tag your lines' },
      { kind: 'paragraph', text: 'Your backend logs the tag.' },
      { kind: 'list', items: ['a header', 'a field'] },
      { kind: 'code', text: 'logger.info("paid", {\n  cassetteSessionId })' },
      { kind: 'paragraph', text: 'Done.' },
    ]);
  });
});
