import { describe, expect, it } from 'vitest';
import { cssString, rewriteCssUrls } from './css-urls.js';

/** Records the URLs found and replaces each with `<n>`. */
function found(css: string) {
  const urls: string[] = [];
  const out = rewriteCssUrls(css, { rewrite: (url) => (urls.push(url), `<${urls.length}>`), inert: 'about:invalid' });
  return { urls, out };
}

describe('rewriteCssUrls', () => {
  it('finds url tokens, url()/src() strings, image-set strings and @import strings, with escapes undone', () => {
    const { urls } = found('@import "a.css"; .x { background: url( b.png ) , URL("c\\29.png"), src(\'d.png\'), image-set("e.png" 1x, url(f.png) 2x), \\75 rl(g\\ h.png) }');
    expect(urls).toEqual(['a.css', 'b.png', 'c).png', 'd.png', 'e.png', 'f.png', 'g h.png']);
  });

  it('finds nothing where the browser fetches nothing: other strings, comments, hash tokens, longer names', () => {
    expect(found('.a { content: "url(x)" } /* url(y) */ #url(z) .b { x-url(w); -url(v); 1url(u) }').urls).toEqual([]);
  });

  it('returns the very same string when nothing changes, and replaces a bad url token by the inert value', () => {
    const css = 'a {\r\n color: red }';
    expect(rewriteCssUrls(css, { rewrite: (u) => u, inert: 'x' })).toBe(css);
    expect(found('a { background: url(a"b) } b { color: red }').out).toBe('a { background: url("about:invalid") } b { color: red }');
    expect(found('a { background: url(a\\)b c) red }').out).toBe('a { background: url("about:invalid") red }');
  });

  it('writes replacement strings the tokenizer reads back unchanged', () => {
    const value = 'a"b\\c\nd)e';
    const { urls } = found(`url(${cssString(value)})`);
    expect(urls).toEqual([value]);
  });

  it('finds absolute URLs in strings of custom properties, which image-set(var(--x)) would fetch, and leaves other strings there', () => {
    expect(found(':root { --bg: "https://evil.test/a.png"; --label: "Note: hi"; --rel: "b.png" } .x { content: "https://shown.test" }').urls).toEqual(['https://evil.test/a.png']);
    expect(found('--bg:\'//evil.test/c.png\'').urls).toEqual(['//evil.test/c.png']);
    const value = (css: string) => {
      const urls: string[] = [];
      rewriteCssUrls(css, { rewrite: (url) => (urls.push(url), 'x'), inert: 'about:invalid', customProperty: true });
      return urls;
    };
    expect(value(' "https://evil.test/d.png"')).toEqual(['https://evil.test/d.png']);
    expect(value('"plain text"')).toEqual([]);
  });
});
