import { describe, expect, it } from 'vitest';
import { assetUrlsToRegister } from './own-origin.js';

describe('assetUrlsToRegister', () => {
  it("resolves references, drops fragments and duplicates, and skips the server's own origin", () => {
    const refs = ['fonts/a.woff2', '/img/b.png#x', 'https://cdn.test/s.svg#icon', 'https://cdn.test/s.svg#other', 'http://cassette.test:8080/api/1/assets?url=x', '#local', 'data:image/png;base64,AA', 'ftp://x.test/f'];
    expect(assetUrlsToRegister(refs, 'https://shop.test/css/site.css', 'http://cassette.test:8080', 100)).toEqual([
      'https://shop.test/css/fonts/a.woff2',
      'https://shop.test/img/b.png',
      'https://cdn.test/s.svg',
    ]);
  });

  it('keeps at most the limit, and nothing relative without a base', () => {
    expect(assetUrlsToRegister(['https://a.test/1', 'https://a.test/2'], null, 'http://localhost:8080', 1)).toEqual(['https://a.test/1']);
    expect(assetUrlsToRegister(['rel.png'], null, 'http://localhost:8080', 10)).toEqual([]);
  });
});
