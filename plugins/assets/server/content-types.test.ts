import { describe, expect, it } from 'vitest';
import { acceptedContentType, kindOf } from './content-types.js';

describe('acceptedContentType', () => {
  it('keeps images, stylesheets, fonts and media, and refuses documents and scripts', () => {
    for (const type of ['image/png', 'image/svg+xml', 'text/css', 'font/woff2', 'application/font-woff', 'application/vnd.ms-fontobject', 'application/x-font-ttf', 'video/mp4', 'audio/mpeg']) {
      expect(acceptedContentType(type, 'https://cdn.test/x')).toBe(type);
    }
    for (const type of ['text/html', 'application/javascript', 'text/javascript', 'application/json', 'application/xhtml+xml', 'text/plain']) {
      expect(acceptedContentType(type, 'https://cdn.test/x.png')).toBeNull();
    }
  });

  it('recognises a font served as octet-stream by its extension, nothing else', () => {
    expect(acceptedContentType('application/octet-stream', 'https://cdn.test/f/a.woff2?v=3')).toBe('font/woff2');
    expect(acceptedContentType(null, 'https://cdn.test/f/a.ttf')).toBe('font/ttf');
    expect(acceptedContentType('application/octet-stream', 'https://cdn.test/app.js')).toBeNull();
  });

  it('tells media from the rest (their size limits differ)', () => {
    expect(kindOf('video/webm')).toBe('media');
    expect(kindOf('audio/ogg')).toBe('media');
    expect(kindOf('image/png')).toBe('other');
  });
});
