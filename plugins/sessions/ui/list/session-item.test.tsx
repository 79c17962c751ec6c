// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { buttonNamed, cleanup, click, fakeHost, renderPage, settle, TEST_PROJECT } from '@cassette/plugin-sdk/testing/ui';
import type { SessionSummary } from '../../shared/session.js';
import { SessionItem } from './session-item.js';
import { session } from '../../testing/sessions-list.js';

const NOW = Date.UTC(2026, 10, 22, 10, 0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderItem(s: SessionSummary, host = fakeHost(), onFavoriteChange = vi.fn()) {
  const { container } = renderPage(<SessionItem session={s} siteId={TEST_PROJECT.id} onFavoriteChange={onFavoriteChange} />, '/', '*', { host });
  const item = container.querySelector<HTMLElement>('[data-testid="session-item"]')!;
  const field = (name: string) => item.querySelector<HTMLElement>(`[data-field="${name}"]`);
  return { item, field, host, onFavoriteChange };
}

describe('a session in the list', () => {
  it('carries its id and links to its player', () => {
    const { item } = renderItem(session({ sessionId: 'abc-123' }));
    expect(item.dataset.sessionId).toBe('abc-123');
    expect(item.querySelector('a.cs-session-play')?.getAttribute('href')).toBe(`/${TEST_PROJECT.id}/session/abc-123`);
  });

  it('names the user by id, else anonymous id, else Anonymous User', () => {
    expect(renderItem(session({ userDisplayName: 'ada@shop.test' })).field('user')?.textContent).toBe('ada@shop.test');
    cleanup();
    expect(renderItem(session({ userDisplayName: '', userId: null, userAnonymousId: 'device-9' })).field('user')?.textContent).toBe('device-9');
    cleanup();
    const anonymous = session({ userId: null, userAnonymousId: null });
    delete (anonymous as Partial<SessionSummary>).userDisplayName;
    expect(renderItem(anonymous).field('user')?.textContent).toBe('Anonymous User');
  });

  it("tells how many sessions the user has only when there are several", () => {
    expect(renderItem(session({ userSessionsCount: 3 })).field('user-sessions')?.textContent).toBe('3 sessions');
    cleanup();
    expect(renderItem(session({ userSessionsCount: 1 })).field('user-sessions')).toBeNull();
  });

  it("shows the country's flag and name, or 'Unknown Country'", () => {
    expect(renderItem(session({ userCountry: 'DE' })).field('country')?.textContent).toBe('🇩🇪 Germany');
    cleanup();
    expect(renderItem(session({ userCountry: null })).field('country')?.textContent).toBe('Unknown Country');
  });

  it('shows browser, OS and device type', () => {
    const { field } = renderItem(session({ userBrowser: 'Firefox', userBrowserVersion: '131.0', userOs: 'Windows', userDeviceType: 'mobile' }));
    expect(field('environment')?.textContent).toContain('Firefox 131');
    expect(field('environment')?.textContent).toContain('Windows');
    expect(field('environment')?.textContent).toContain('Mobile');
  });

  it("shows the start in the viewer's timezone", () => {
    const lateNight = Date.UTC(2026, 10, 21, 23, 30);
    expect(renderItem(session({ startedAt: lateNight }), fakeHost({ timezone: 'UTC' })).field('started')?.textContent).toBe('Yesterday, 23:30');
    cleanup();
    expect(renderItem(session({ startedAt: lateNight }), fakeHost({ timezone: 'Europe/Berlin' })).field('started')?.textContent).toBe('Today, 00:30');
    cleanup();
    expect(renderItem(session({ startedAt: Date.UTC(2026, 10, 2, 14, 5) })).field('started')?.textContent).toBe('Nov 2, 14:05');
  });

  it('never shows a duration under one second', () => {
    expect(renderItem(session({ duration: 120 })).field('duration')?.textContent).toBe('1s');
    cleanup();
    expect(renderItem(session({ duration: 0 })).field('duration')?.textContent).toBe('1s');
    cleanup();
    expect(renderItem(session({ duration: 65_000 })).field('duration')?.textContent).toBe('1m 5s');
  });

  it('counts pages, events and errors', () => {
    expect(renderItem(session({ pagesCount: 1, eventsCount: 12, errorsCount: 0 })).field('counts')?.textContent).toBe('1 page · 12 events · 0 errors');
  });

  it('shows each issue type of the session by its list name', () => {
    const { field } = renderItem(session({ issueTypes: ['click_rage', 'js_exception'] }));
    const issues = [...field('issues')!.querySelectorAll('[data-issue-type]')].map((e) => [e.getAttribute('data-issue-type'), e.getAttribute('aria-label')]);
    expect(issues).toEqual([
      ['click_rage', 'Click Rage'],
      ['js_exception', 'Errors'],
    ]);
  });

  it("shows 4 metadata chips then '+N More', which shows the rest", async () => {
    const metadata = { plan: 'pro', team: 'red', role: 'admin', region: 'eu', cohort: 'b', beta: 'yes' };
    const { item } = renderItem(session({ metadata }));
    const chips = () => [...item.querySelectorAll('.cs-chip')].map((c) => c.textContent);
    expect(chips()).toEqual(['planpro', 'teamred', 'roleadmin', 'regioneu']);
    await click(buttonNamed(item, '+2 More'));
    expect(chips()).toHaveLength(6);
    expect(chips()).toContain('betayes');
    await click(buttonNamed(item, 'Show less'));
    expect(chips()).toHaveLength(4);
  });

  it("needs no '+N More' for four chips or fewer", () => {
    const { item } = renderItem(session({ metadata: { plan: 'pro', team: 'red', role: 'admin', region: 'eu' } }));
    expect(item.querySelectorAll('.cs-chip')).toHaveLength(4);
    expect(item.textContent).not.toMatch(/More/);
  });

  it('marks live sessions LIVE', () => {
    expect(renderItem(session({ live: true })).field('live')?.textContent).toBe('LIVE');
    cleanup();
    expect(renderItem(session({ live: false })).field('live')).toBeNull();
  });

  it('marks a viewed session', () => {
    const viewed = renderItem(session({ viewed: true }));
    expect(viewed.item.classList.contains('cs-session-item--viewed')).toBe(true);
    expect(viewed.field('viewed')?.textContent).toBe('Viewed');
    cleanup();
    const fresh = renderItem(session({ viewed: false }));
    expect(fresh.item.classList.contains('cs-session-item--viewed')).toBe(false);
    expect(fresh.field('viewed')).toBeNull();
  });

  it('toggles the bookmark through the favorite route and reports what the server answered', async () => {
    const host = fakeHost();
    host.api.get.mockResolvedValue({ favorite: true });
    const { item, onFavoriteChange } = renderItem(session({ sessionId: 's-9', favorite: false }), host);
    const star = item.querySelector<HTMLButtonElement>('.cs-session-favorite')!;
    expect(star.getAttribute('aria-pressed')).toBe('false');
    await click(star);
    await settle();
    expect(host.api.get).toHaveBeenCalledWith(`/${TEST_PROJECT.id}/sessions2/s-9/favorite`);
    expect(onFavoriteChange).toHaveBeenCalledWith('s-9', true);
  });

  it('says so when the bookmark could not be changed', async () => {
    const host = fakeHost();
    host.api.get.mockRejectedValue(new ApiError(404, ['Session not found.']));
    const { item, onFavoriteChange } = renderItem(session(), host);
    await click(item.querySelector('.cs-session-favorite'));
    await settle();
    expect(onFavoriteChange).not.toHaveBeenCalled();
    expect(host.toast).toHaveBeenCalledWith('Session not found. The bookmark was not changed; try again.', 'error');
  });
});
