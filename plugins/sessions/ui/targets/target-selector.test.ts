// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { clickTarget, cssSelector, suggestedLabel } from './target-selector.js';

describe("the target definer's selectors", () => {
  // The tracker's own test pins the same selector for the same page (sdk/tracker/src/dom-capture.test.ts).
  it('names an element the way the tracker names the clicks on it', () => {
    document.body.innerHTML = `
      <main id="app"><ul><li class="item a">1</li><li class="item b"><button class="buy  :hover"><span>Buy <b>now</b></span></button></li></ul></main>
      <section><div><p>one</p><p class="x y z">two <i>here</i></p></div></section>
      <div id="r123">generated</div>`;
    expect(cssSelector(clickTarget(document.querySelector('b')!))).toBe('#app > ul > li.item.b:nth-of-type(2) > button.buy');
    expect(cssSelector(clickTarget(document.querySelector('i')!))).toBe('body > section > div > p.x.y:nth-of-type(2) > i');
    // A generated id is no anchor: the path goes up to the body.
    expect(cssSelector(clickTarget(document.getElementById('r123')!))).toBe('body > div');
    expect(suggestedLabel(document.querySelector('button')!)).toBe('Buy now');
  });
});
