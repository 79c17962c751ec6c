import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './create-http-server.js';

const directives = new Map(
  CONTENT_SECURITY_POLICY.split(';').map((part) => {
    const [name, ...sources] = part.trim().split(/\s+/);
    return [name!, sources] as const;
  }),
);

describe('the app CSP', () => {
  it('lets replayed pages load assets from our own origin, data: and blob: only (the asset proxy serves the rest)', () => {
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives.get('media-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives.get('font-src')).toEqual(["'self'", 'data:']);
    expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('names no other host or scheme anywhere, and never allows inline or evaluated script', () => {
    for (const [name, sources] of directives) {
      for (const source of sources) expect(source, `${name} ${source}`).toMatch(/^(?:'self'|'none'|'unsafe-inline'|data:|blob:)$/);
    }
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
  });
});
