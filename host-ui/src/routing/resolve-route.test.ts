import { describe, expect, it } from 'vitest';
import { afterLoginPath, resolveRoute, type RouteInput } from './resolve-route.js';
import { SETTINGS_TABS } from './routes.js';

const base: RouteInput = {
  loggedIn: true,
  onboarding: false,
  path: '/1/sessions',
  projects: [{ id: 1 }, { id: 2 }],
  currentSiteId: 1,
  pagePaths: ['/:siteId/sessions', '/:siteId/errors', '/:siteId/errors/:errorId', '/:siteId/session/:sessionId', '/integrations/slack'],
  settingsTabs: [...SETTINGS_TABS],
  rememberedPath: null,
};
const at = (path: string, extra: Partial<RouteInput> = {}) => resolveRoute({ ...base, path, ...extra });

describe('logged out', () => {
  const out = { loggedIn: false };
  it('renders the logged-out routes', () => {
    for (const p of ['/login', '/signup', '/reset-password']) expect(at(p, out)).toEqual({ kind: 'render' });
  });
  it('sends anything else to /login and remembers it with its query', () => {
    expect(at('/2/errors', { ...out, search: '?q=1' })).toEqual({ kind: 'redirect', to: '/login', remember: '/2/errors?q=1' });
    expect(at('/', out)).toEqual({ kind: 'redirect', to: '/login', remember: '/' });
  });
});

describe('logged in', () => {
  it('leaves the login page for the remembered path, unless it was login or root', () => {
    expect(at('/login', { rememberedPath: '/2/errors' })).toEqual({ kind: 'redirect', to: '/2/errors', forget: true });
    expect(at('/login', { rememberedPath: '/' })).toEqual({ kind: 'redirect', to: '/1/sessions', forget: true });
    expect(at('/login', { rememberedPath: '/login' })).toEqual({ kind: 'redirect', to: '/1/sessions', forget: true });
    expect(at('/signup')).toEqual({ kind: 'redirect', to: '/1/sessions', forget: true });
  });
  it('renders known project pages of the selected project', () => {
    expect(at('/1/sessions')).toEqual({ kind: 'render' });
    expect(at('/1/errors/abc')).toEqual({ kind: 'render' });
  });
  it('switches to another known project named in the URL', () => {
    expect(at('/2/errors')).toEqual({ kind: 'switchProject', siteId: 2 });
  });
  it('sends unknown projects and unknown paths to the sessions of the current project', () => {
    expect(at('/99/errors')).toEqual({ kind: 'redirect', to: '/1/sessions' });
    expect(at('/abc/errors')).toEqual({ kind: 'redirect', to: '/1/sessions' });
    expect(at('/1/nope')).toEqual({ kind: 'redirect', to: '/1/sessions' });
    expect(at('/1/sessions/')).toEqual({ kind: 'redirect', to: '/1/sessions' });
    expect(at('/')).toEqual({ kind: 'redirect', to: '/1/sessions' });
    expect(at('/whatever/deep/path')).toEqual({ kind: 'redirect', to: '/1/sessions' });
  });
  it('renders non-project plugin pages', () => {
    expect(at('/integrations/slack')).toEqual({ kind: 'render' });
  });
  it('handles settings tabs and their redirects', () => {
    expect(at('/client')).toEqual({ kind: 'redirect', to: '/client/account' });
    expect(at('/client/custom-fields')).toEqual({ kind: 'redirect', to: '/client/metadata' });
    expect(at('/client/team')).toEqual({ kind: 'render' });
    expect(at('/client/bogus')).toEqual({ kind: 'redirect', to: '/client/account' });
    expect(at('/client/sso', { settingsTabs: [...SETTINGS_TABS, 'sso'] })).toEqual({ kind: 'render' });
  });
  it('handles onboarding tabs when not onboarding', () => {
    expect(at('/onboarding')).toEqual({ kind: 'redirect', to: '/onboarding/installing' });
    expect(at('/onboarding/team')).toEqual({ kind: 'render' });
    expect(at('/onboarding/bogus')).toEqual({ kind: 'redirect', to: '/onboarding/installing' });
  });
  it('keeps everything on onboarding while the flag is on', () => {
    const on = { onboarding: true };
    expect(at('/1/sessions', on)).toEqual({ kind: 'redirect', to: '/onboarding/installing' });
    expect(at('/client/account', on)).toEqual({ kind: 'redirect', to: '/onboarding/installing' });
    expect(at('/onboarding/identify-users', on)).toEqual({ kind: 'render' });
    expect(at('/login', on)).toEqual({ kind: 'redirect', to: '/onboarding/installing', forget: true });
  });
  it('goes to the projects settings when there is no project', () => {
    expect(at('/', { projects: [], currentSiteId: null })).toEqual({ kind: 'redirect', to: '/client/projects' });
  });
});

describe('afterLoginPath', () => {
  it('uses the requested path except login and root', () => {
    expect(afterLoginPath('/3/errors?x=1', '/1/sessions')).toBe('/3/errors?x=1');
    expect(afterLoginPath('/login?x', '/1/sessions')).toBe('/1/sessions');
    expect(afterLoginPath('/', '/1/sessions')).toBe('/1/sessions');
    expect(afterLoginPath(null, '/1/sessions')).toBe('/1/sessions');
  });
});
