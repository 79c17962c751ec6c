import { describe, expect, it } from 'vitest';
import type { RecordingEvent } from '@cassette/tracker/protocol';
import { isDangerousUrl, sanitizeRecording } from './sanitize-recording.js';

const el = (id: number, tagName: string, attributes: Record<string, unknown> = {}, childNodes: unknown[] = []) => ({ type: 2, id, tagName, attributes, childNodes });
const text = (id: number, textContent: string) => ({ type: 3, id, textContent });
const snapshot = (node: unknown): RecordingEvent => ({ type: 2, timestamp: 1, data: { node, initialOffset: { top: 0, left: 0 } } });
const mutation = (data: Record<string, unknown>): RecordingEvent => ({ type: 3, timestamp: 2, data: { source: 0, texts: [], attributes: [], removes: [], adds: [], ...data } });

describe('sanitizeRecording: full snapshots', () => {
  it('drops script and base elements with their children, keeps their siblings', () => {
    const doc = {
      type: 0,
      id: 1,
      childNodes: [
        el(2, 'html', {}, [
          el(3, 'head', {}, [el(4, 'SCRIPT', { src: '/app.js' }, [text(5, 'alert(1)')]), el(6, 'base', { href: 'https://evil.test/' }), el(7, 'title', {}, [text(8, 'Shop')])]),
          el(9, 'body', {}, [el(10, 'svg', {}, [el(11, 'script', {}, [text(12, 'alert(2)')])]), el(13, 'p', {}, [text(14, 'Hello')])]),
        ]),
      ],
    };
    const events = [snapshot(doc)];
    const report = sanitizeRecording(events);
    const out = JSON.stringify(events);
    expect(out).not.toMatch(/alert|script|base|evil/i);
    expect(out).toContain('"Shop"');
    expect(out).toContain('"Hello"');
    expect(report.removedElements).toBe(3);
  });

  it('drops every on* attribute and srcdoc, keeps the others', () => {
    const node = el(1, 'div', { onclick: 'x()', ONMOUSEOVER: 'x()', ' onload': 'x()', class: 'card', 'data-on': 'ok', title: 'only' }, [
      el(2, 'iframe', { srcdoc: '<script>x()</script>', src: 'https://example.test/frame', width: 300 }),
      el(3, 'img', { src: 'a.png', onerror: 'x()', alt: 'A' }),
    ]);
    const events = [snapshot(node)];
    sanitizeRecording(events);
    const root = (events[0]!.data as any).node;
    expect(root.attributes).toEqual({ class: 'card', 'data-on': 'ok', title: 'only' });
    expect(root.childNodes[0].attributes).toEqual({ src: 'https://example.test/frame', width: 300 });
    expect(root.childNodes[1].attributes).toEqual({ src: 'a.png', alt: 'A' });
  });

  it('drops script URLs in any attribute, however they are disguised', () => {
    const bad = [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'jav&#x61;script:alert(1)',
      'jav&#97;script:alert(1)',
      'javascript&colon;alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'DATA:text/html;base64,PHNjcmlwdD4=',
      'data:image/svg+xml,<svg onload=alert(1)>',
    ];
    for (const value of bad) {
      for (const name of ['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'data']) {
        const events = [snapshot(el(1, 'a', { [name]: value, id: 'keep' }))];
        sanitizeRecording(events);
        expect((events[0]!.data as any).node.attributes, `${name}=${value}`).toEqual({ id: 'keep' });
      }
    }
  });

  it('checks each candidate of srcset and SVG animation value lists', () => {
    const events = [
      snapshot(
        el(1, 'div', {}, [
          el(2, 'img', { srcset: 'a.png 1x, javascript:alert(1) 2x' }),
          el(3, 'img', { srcset: 'a.png 1x, b.png 2x' }),
          el(4, 'animate', { attributeName: 'href', values: 'https://a.test;javascript:alert(1)' }),
        ]),
      ),
    ];
    sanitizeRecording(events);
    const kids = (events[0]!.data as any).node.childNodes;
    expect(kids[0].attributes).toEqual({});
    expect(kids[1].attributes).toEqual({ srcset: 'a.png 1x, b.png 2x' });
    expect(kids[2].attributes).toEqual({ attributeName: 'href' });
  });

  it('keeps ordinary URLs, images as data URLs and text that only mentions javascript', () => {
    const attrs = {
      href: 'https://shop.example.test/javascript:guide',
      src: 'data:image/png;base64,iVBORw0KGgo=',
      rr_dataURL: 'data:image/webp;base64,UklGR',
      title: 'Learn javascript: the good parts',
      value: 'a; javascript: b',
      style: 'background: red',
    };
    const events = [snapshot(el(1, 'a', { ...attrs }))];
    sanitizeRecording(events);
    expect((events[0]!.data as any).node.attributes).toEqual(attrs);
  });

  it('drops meta refresh (any case) and keeps other meta', () => {
    const events = [snapshot(el(1, 'head', {}, [el(2, 'meta', { 'http-equiv': 'Refresh', content: '0;url=https://evil.test' }), el(3, 'meta', { name: 'viewport', content: 'width=device-width' })]))];
    sanitizeRecording(events);
    const kids = (events[0]!.data as any).node.childNodes;
    expect(kids).toHaveLength(1);
    expect(kids[0].attributes.name).toBe('viewport');
  });

  it('removes the whole snapshot node when the root itself is a script', () => {
    const events = [snapshot(el(1, 'script', {}, [text(2, 'x()')]))];
    sanitizeRecording(events);
    expect((events[0]!.data as any).node).toBeUndefined();
  });

  it('survives very deep trees without recursion', () => {
    let node: any = el(100_000, 'span', { onclick: 'deep()' });
    for (let i = 0; i < 20_000; i++) node = el(i, 'div', {}, [node]);
    const events = [snapshot(node)];
    const report = sanitizeRecording(events);
    expect(report.removedAttributes).toBe(1);
  });
});

describe('sanitizeRecording: prefixed names', () => {
  // The player builds SVG nodes with createElementNS, which reads `svg:script` as an SVG script.
  it('drops script, base and meta refresh whatever namespace prefix or case they carry', () => {
    const node = el(1, 'svg', { xmlns: 'http://www.w3.org/2000/svg' }, [
      el(2, 'svg:script', {}, [text(3, 'alert(1)')]),
      el(4, 'x:SCRIPT', { 'xlink:href': 'https://evil.test/a.js' }),
      el(5, ' SVG:Base ', { href: 'https://evil.test/' }),
      el(6, 'html:meta', { 'html:http-equiv': 'Refresh', content: '0;url=https://evil.test/' }),
      el(7, 'svg:circle', { r: 5 }),
    ]);
    const events = [snapshot(node), mutation({ adds: [{ parentId: 1, nextId: null, node: el(8, 'svg:script', {}, [text(9, 'alert(2)')]) }] })];
    const report = sanitizeRecording(events);
    expect(JSON.stringify(events)).not.toMatch(/alert|script|base|evil/i);
    expect((events[0]!.data as any).node.childNodes).toEqual([el(7, 'svg:circle', { r: 5 })]);
    expect(report.removedElements).toBe(5);
  });

  it('drops prefixed event handlers, srcdoc and script URLs in prefixed attributes', () => {
    const node = el(1, 'svg:a', { 'svg:onload': 'x()', 'xlink:onclick': 'x()', 'html:srcdoc': '<p>', 'xlink:href': 'javascript:alert(1)', 'svg:values': 'a;javascript:x()', 'xml:lang': 'en' });
    const events = [snapshot(node)];
    sanitizeRecording(events);
    expect((events[0]!.data as any).node.attributes).toEqual({ 'xml:lang': 'en' });
  });
});

describe('sanitizeRecording: mutations', () => {
  it('drops added scripts, dangerous attributes of added nodes and of attribute changes, keeps the rest', () => {
    const events = [
      mutation({
        adds: [
          { parentId: 1, nextId: null, node: el(20, 'script', {}, []) },
          { parentId: 20, nextId: null, node: text(21, 'alert(1)') },
          { parentId: 1, nextId: null, node: el(22, 'a', { href: 'javascript:alert(1)', onclick: 'x()', class: 'ok' }) },
          { parentId: 1, nextId: null, node: el(23, 'iframe', { srcdoc: '<b>x</b>' }) },
          { parentId: 1, nextId: null, node: el(24, 'base', { href: '//evil.test' }) },
          { parentId: 1, nextId: null, node: el(25, 'meta', { 'http-equiv': 'refresh', content: '1' }) },
        ],
        attributes: [
          { id: 5, attributes: { onclick: 'x()', href: 'javascript:void(0)', class: 'kept', style: { color: 'red' } } },
          { id: 6, attributes: { srcdoc: '<script>x</script>', 'http-equiv': 'refresh', title: null } },
        ],
        texts: [{ id: 7, value: 'plain text' }],
      }),
    ];
    const report = sanitizeRecording(events);
    const data = events[0]!.data as any;
    expect(data.adds.map((a: any) => a.node.id)).toEqual([21, 22, 23]);
    expect(data.adds[1].node.attributes).toEqual({ class: 'ok' });
    expect(data.adds[2].node.attributes).toEqual({});
    expect(data.attributes[0].attributes).toEqual({ class: 'kept', style: { color: 'red' } });
    expect(data.attributes[1].attributes).toEqual({ title: null });
    expect(data.texts).toEqual([{ id: 7, value: 'plain text' }]);
    expect(report.removedElements).toBe(3);
  });

  it('leaves other events and odd shapes alone', () => {
    const events: RecordingEvent[] = [
      { type: 4, timestamp: 1, data: { href: 'javascript:alert(1)', width: 1, height: 1 } },
      { type: 3, timestamp: 1, data: { source: 2, type: 1, id: 3, x: 1, y: 2 } },
      { type: 3, timestamp: 1, data: { source: 0, adds: 'nonsense', attributes: [null, 1, { id: 1 }] } },
      { type: 2, timestamp: 1, data: { node: 'x' } },
      { type: 5, timestamp: 1, data: { tag: 'x', payload: {} } },
    ];
    const copy = JSON.parse(JSON.stringify(events));
    sanitizeRecording(events);
    expect(events).toEqual(copy);
  });
});

describe('isDangerousUrl', () => {
  it('flags script schemes and active data documents only', () => {
    expect(isDangerousUrl('javascript:x')).toBe(true);
    expect(isDangerousUrl('  \tjavascript:x')).toBe(true);
    expect(isDangerousUrl('https://x.test')).toBe(false);
    expect(isDangerousUrl('/relative/javascript:x')).toBe(false);
    expect(isDangerousUrl('data:image/gif;base64,R0lGOD')).toBe(false);
    expect(isDangerousUrl('a.png 1x, javascript:x 2x')).toBe(false);
    expect(isDangerousUrl('a.png 1x, javascript:x 2x', true)).toBe(true);
  });
});
