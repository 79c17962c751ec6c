import { describe, expect, it } from 'vitest';
import type { ChunkEvents } from './recording-loader.js';
import { browserCanCreateElement, renameUncreatableTags, UNKNOWN_TAG_STAND_IN } from './uncreatable-tag-names.js';

const element = (id: number, tagName: string, childNodes: unknown[] = [], extra: Record<string, unknown> = {}) => ({ type: 2, id, tagName, attributes: {}, childNodes, ...extra });
const text = (id: number, textContent: string) => ({ type: 3, id, textContent });

/** A browser that refuses names with characters outside letters, digits, `-`, `_`, `.` and `:` (the strict DOM rule, roughly). */
const strict = (tagName: string) => /^[a-z][a-z0-9._:-]*$/i.test(tagName);

describe('tag names the viewer cannot create', () => {
  it('renames them in full snapshots and added nodes, deep in the tree, and leaves the rest', () => {
    const odd = element(4, 'x-1!', [text(5, '12 €')]);
    const snapshot = { type: 2, timestamp: 1, data: { node: { type: 0, id: 1, childNodes: [element(2, 'html', [element(3, 'p', [text(6, 'Today '), odd])])] } } };
    const children = [element(11, 'my:tag'), element(12, 'total@tag')];
    const added = element(10, 'price$tag', children);
    const mutation = { type: 3, timestamp: 2, data: { source: 0, adds: [{ parentId: 3, nextId: null, node: added }], removes: [], texts: [], attributes: [] } };
    const input = { type: 3, timestamp: 3, data: { source: 5, text: 'x-1!', id: 4 } };
    const events = [snapshot, mutation, input] as unknown as ChunkEvents;

    expect(renameUncreatableTags(events, strict)).toBe(3);
    expect(odd.tagName).toBe(UNKNOWN_TAG_STAND_IN);
    expect(odd.childNodes).toEqual([text(5, '12 €')]);
    expect(added.tagName).toBe(UNKNOWN_TAG_STAND_IN);
    expect(children.map((c) => c.tagName)).toEqual(['my:tag', UNKNOWN_TAG_STAND_IN]);
    expect(input.data.text).toBe('x-1!');
    // The stand-in itself is creatable in a strict browser.
    expect(strict(UNKNOWN_TAG_STAND_IN)).toBe(true);
  });

  it('asks for SVG elements in the SVG namespace', () => {
    const seen: Array<[string, boolean]> = [];
    const events = [{ type: 2, timestamp: 1, data: { node: element(1, 'svg', [element(2, 'odd!', [], { isSVG: true })], { isSVG: true }) } }] as unknown as ChunkEvents;
    renameUncreatableTags(events, (tagName, svg) => (seen.push([tagName, svg]), tagName !== 'odd!'));
    expect(seen).toEqual([
      ['svg', true],
      ['odd!', true],
    ]);
  });

  it('asks the browser once per name, and a refusal means not creatable', () => {
    const calls: string[] = [];
    const doc = {
      createElement(name: string) {
        calls.push(`html ${name}`);
        if (name.includes('!')) throw new DOMException('bad name', 'InvalidCharacterError');
        return {};
      },
      createElementNS(namespace: string, name: string) {
        calls.push(`${namespace} ${name}`);
        return {};
      },
    } as unknown as Document;
    const canCreate = browserCanCreateElement(doc);
    expect([canCreate('x-1!', false), canCreate('x-1!', false), canCreate('p', false), canCreate('p', true)]).toEqual([false, false, true, true]);
    expect(calls).toEqual(['html x-1!', 'html p', 'http://www.w3.org/2000/svg p']);
  });
});
