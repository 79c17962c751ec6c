import { describe, expect, it } from 'vitest';
import { answersByFocus, deadClick, tagFromSelector } from './dead-click.js';
import { click, ev, mutation, rec, run, T0 } from '../../testing/heuristic-fixture.js';

const later = (at: number) => ev(at, { type: 'console', level: 'log', value: 'later' });

describe('dead click', () => {
  it('flags a click followed by no DOM change within 1.2 s', () => {
    const issues = run(deadClick, [click(0, 'div.card', { label: 'Card', tag: 'div', idx: 7 }), mutation(1210), later(3000)]);
    expect(issues).toEqual([{ type: 'dead_click', contextString: 'div.card', timestamp: T0, seq: 0, idx: 7, payload: { selector: 'div.card', label: 'Card', count: 1 } }]);
  });

  it('a mutation at 1.19 s answers the click, one at 1.21 s does not', () => {
    expect(run(deadClick, [click(0, 'button', { tag: 'button' }), mutation(1190), later(5000)], 6000)).toEqual([]);
    expect(run(deadClick, [click(0, 'button', { tag: 'button' }), mutation(1200), later(5000)], 6000)).toEqual([]);
    expect(run(deadClick, [click(0, 'button', { tag: 'button' }), mutation(1210), later(5000)], 6000)).toHaveLength(1);
  });

  it('counts a page event, a new full snapshot, an input or a new page load as an answer', () => {
    expect(run(deadClick, [click(0, 'a', { tag: 'a' }), ev(500, { type: 'page', url: 'https://x.test/b', referrer: '', title: 'B' }), later(5000)])).toEqual([]);
    expect(run(deadClick, [click(0, 'a', { tag: 'a' }), rec(500, 2, { node: {} }), later(5000)])).toEqual([]);
    expect(run(deadClick, [click(0, 'span', { tag: 'span' }), ev(700, { type: 'input', selector: 'input', label: '', value: 'x', mode: 'plain' }), later(5000)])).toEqual([]);
    expect(run(deadClick, [click(0, 'a', { tag: 'a' }), rec(900, 3, { source: 5, id: 3, text: 'x' }), later(5000)])).toEqual([]);
    // Full page navigation: the next page's events come later than 1.2 s, in a batch of the next page.
    expect(run(deadClick, [click(0, 'a', { tag: 'a', pageNo: 0 }), later(3000)].map((item, i) => (i === 1 ? { ...item, pageNo: 1 } : item)))).toEqual([]);
  });

  it('never flags clicks on fields, labels or editable regions', () => {
    for (const tag of ['input', 'textarea', 'select', 'option', 'label']) expect(run(deadClick, [click(0, `x`, { tag }), later(5000)])).toEqual([]);
    // No tag from an older tracker: the selector tells.
    expect(run(deadClick, [click(0, 'form > input#q'), later(5000)])).toEqual([]);
    expect(run(deadClick, [click(0, 'div[contenteditable]'), later(5000)])).toEqual([]);
    expect(run(deadClick, [click(0, '#email'), later(5000)])).toHaveLength(1);
  });

  it('reads the tag from a selector', () => {
    expect(tagFromSelector('form.f > input#q')).toBe('input');
    expect(tagFromSelector('ul > li:nth-of-type(2)')).toBe('li');
    expect(tagFromSelector('#buy')).toBeNull();
    expect(answersByFocus('LABEL', 'x')).toBe(true);
    expect(answersByFocus('button', 'input#x')).toBe(false); // the tracker's tag wins over the selector
  });

  it('makes repeated clicks on the same unanswered target one issue', () => {
    const issues = run(deadClick, [click(0, 'div.x', { tag: 'div' }), click(400, 'div.x', { tag: 'div' }), click(800, 'div.x', { tag: 'div' }), later(5000)]);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.payload.count).toBe(3);
  });

  it('does not judge a click in the last 1.2 s of the session; judges an older one still waiting', () => {
    expect(run(deadClick, [click(0, 'div', { tag: 'div' })], 1000)).toEqual([]);
    expect(run(deadClick, [click(0, 'div', { tag: 'div' })], 1201)).toHaveLength(1);
  });
});
