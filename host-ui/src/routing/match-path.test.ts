import { describe, expect, it } from 'vitest';
import { findBestMatch, isProjectPattern, matchPattern } from './match-path.js';

describe('matchPattern', () => {
  it('matches exactly and extracts params', () => {
    expect(matchPattern('/:siteId/errors/:errorId', '/3/errors/abc')).toEqual({ siteId: '3', errorId: 'abc' });
    expect(matchPattern('/:siteId/errors', '/3/errors')).toEqual({ siteId: '3' });
  });
  it('is strict about trailing slashes and extra segments', () => {
    expect(matchPattern('/:siteId/sessions', '/3/sessions/')).toBeNull();
    expect(matchPattern('/:siteId/sessions', '/3/sessions/x')).toBeNull();
    expect(matchPattern('/:siteId/sessions', '/3')).toBeNull();
    expect(matchPattern('/:siteId/sessions', '//sessions')).toBeNull();
  });
  it('supports a trailing splat', () => {
    expect(matchPattern('/:siteId/tests/*', '/3/tests/runs/9')).toEqual({ siteId: '3', '*': 'runs/9' });
    expect(matchPattern('/:siteId/tests/*', '/3/tests')).toEqual({ siteId: '3', '*': '' });
  });
  it('decodes params', () => {
    expect(matchPattern('/:siteId/session/:id', '/1/session/a%20b')).toEqual({ siteId: '1', id: 'a b' });
  });
});

describe('findBestMatch', () => {
  it('prefers static segments over params', () => {
    const pages = [{ path: '/:siteId/dashboard/:dashboardId' }, { path: '/:siteId/dashboard/metrics' }];
    expect(findBestMatch(pages, '/1/dashboard/metrics')?.item.path).toBe('/:siteId/dashboard/metrics');
    expect(findBestMatch(pages, '/1/dashboard/7')?.item.path).toBe('/:siteId/dashboard/:dashboardId');
    expect(findBestMatch(pages, '/1/nothing')).toBeNull();
  });
  it('tells project patterns', () => {
    expect(isProjectPattern('/:siteId/sessions')).toBe(true);
    expect(isProjectPattern('/integrations/slack')).toBe(false);
  });
});
