import { describe, expect, it } from 'vitest';
import { cssUrls, rewriteCssUrls } from './css-urls.js';

describe('cssUrls', () => {
  it('finds url(), @import in both forms, src() and image-set() strings', () => {
    const css = `@import "a.css"; @import url(b.css) screen; @import 'c.css';
      .x { background: url(img/x.png) , url("q.png"), url( 'r.png' ); }
      @font-face { font-family: F; src: url(f.woff2) format("woff2"), src("g.woff"); }
      .y { background-image: image-set("one.png" 1x, url(two.png) 2x); }
      .z { background-image: -webkit-image-set('three.png' 1x); content: "not-a-url.png"; }`;
    expect(cssUrls(css)).toEqual(['a.css', 'b.css', 'c.css', 'img/x.png', 'q.png', 'r.png', 'f.woff2', 'g.woff', 'one.png', 'two.png', 'three.png']);
  });

  it('reads what a naive filter misses: parentheses in strings, comments, escapes, an unclosed url( at the end', () => {
    expect(cssUrls(`.a{background:image-set("https://h.test/a(1).png" 1x)}`)).toEqual(['https://h.test/a(1).png']);
    expect(cssUrls(`.a{background:url(https://h.test/b.png)/* url(https://h.test/in-comment.png) */}`)).toEqual(['https://h.test/b.png']);
    expect(cssUrls(`.a{background:url(https://h.test/c\\).png)}`)).toEqual(['https://h.test/c).png']);
    expect(cssUrls(`.a{background:\\75 rl(https://h.test/escaped-name.png)}`)).toEqual(['https://h.test/escaped-name.png']);
    expect(cssUrls(`.a{background:url(https://h.test/open.png`)).toEqual(['https://h.test/open.png']);
    expect(cssUrls(`.a{content:"url(https://h.test/in-string.png)"}`)).toEqual([]);
    expect(cssUrls(`.a{color:red}`)).toEqual([]);
  });
});

describe('rewriteCssUrls', () => {
  it('rewrites every reference it is given a replacement for, and leaves the rest byte for byte', () => {
    const css = `@import "a.css";.x{background:url(x.png) no-repeat;mask:url(#clip)}.y{background:image-set("y.png" 1x)}`;
    const out = rewriteCssUrls(css, (url) => (url.startsWith('#') ? null : `/p?u=${url}`));
    expect(out).toBe(`@import "/p?u=a.css";.x{background:url("/p?u=x.png") no-repeat;mask:url(#clip)}.y{background:image-set("/p?u=y.png" 1x)}`);
    expect(rewriteCssUrls(css, () => null)).toBe(css);
  });
});
