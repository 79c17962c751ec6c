import { describe, expect, it } from 'vitest';
import { assetProxyPath, isAssetProxyPath } from './asset-proxy-url.js';

describe('asset proxy URLs', () => {
  it('name the project and carry the whole recorded URL, encoded', () => {
    const path = assetProxyPath(7, 'https://cdn.example.com/a b.png?x=1&y=2#frag');
    expect(path).toBe('/api/7/assets?url=https%3A%2F%2Fcdn.example.com%2Fa%20b.png%3Fx%3D1%26y%3D2%23frag');
    expect(new URL(path, 'http://app.test').searchParams.get('url')).toBe('https://cdn.example.com/a b.png?x=1&y=2#frag');
  });

  it('carry the asset token after the recorded URL, encoded, when one is given', () => {
    const token = 'ab+c/d=e&f';
    const path = assetProxyPath(7, 'https://cdn.example.com/a.png?t=recorded', token);
    expect(path).toBe('/api/7/assets?url=https%3A%2F%2Fcdn.example.com%2Fa.png%3Ft%3Drecorded&t=ab%2Bc%2Fd%3De%26f');
    const params = new URL(path, 'http://app.test').searchParams;
    expect(params.get('url')).toBe('https://cdn.example.com/a.png?t=recorded');
    expect(params.get('t')).toBe(token);
    expect(assetProxyPath(7, 'https://cdn.example.com/a.png', null)).toBe(assetProxyPath(7, 'https://cdn.example.com/a.png'));
  });

  it("name the watched session in the live view's form", () => {
    const path = assetProxyPath(7, 'https://cdn.example.com/a.png', 'tok', '1900000000000000001');
    expect(path).toBe('/api/7/assist/sessions/1900000000000000001/assets?url=https%3A%2F%2Fcdn.example.com%2Fa.png&t=tok');
    expect(isAssetProxyPath(path)).toBe(true);
  });

  it('are recognised, absolute or as a path, and other URLs are not', () => {
    expect(isAssetProxyPath(assetProxyPath(3, 'https://x.test/a.css'))).toBe(true);
    expect(isAssetProxyPath(`http://app.test${assetProxyPath(3, 'https://x.test/a.css', 'tok')}`)).toBe(true);
    expect(isAssetProxyPath('http://app.test/api/3/assets?url=x')).toBe(true);
    expect(isAssetProxyPath('https://cdn.example.com/api/3/asset.png')).toBe(false);
  });
});
