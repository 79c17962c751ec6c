// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, answerRoutes, byLabel, cleanup, click, fakeHost, TEST_PROJECT, typeInto, type FakeHost } from '@cassette/plugin-sdk/testing/ui';
import type { SessionSearchResult } from '../../../shared/search.js';
import type { WatchdogStatus } from '../../../shared/watchdogs.js';
import { openSessionsList, session } from '../../../testing/sessions-list.js';
import type { SessionSearchBody } from '../use-session-search.js';
import { forgetWatchdogStatus } from '../../watchdogs/watchdog-status.js';

const SEARCH = `/${TEST_PROJECT.id}/sessions/search2`;
const STATUS: WatchdogStatus = {
  watchdogs: [
    { watchdogId: 4, key: 'watchdog_4', name: 'Failed checkouts', icon: 'cart', visible: true },
    { watchdogId: 9, key: 'watchdog_9', name: 'Internal pages', icon: 'eye', visible: false },
  ],
  rehydrating: false,
};

let host: FakeHost;

beforeEach(() => {
  // The status store lives as long as the module, which test files of a worker share.
  forgetWatchdogStatus(TEST_PROJECT.id);
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 21, 14, 5) });
  host = fakeHost();
  answerRoutes(host, {
    [`POST ${SEARCH}`]: (): SessionSearchResult => ({ total: 1, sessions: [session({ sessionId: 's-1', watchdogs: [4, 9] })] }),
    [`GET /${TEST_PROJECT.id}/metadata`]: () => [],
    [`GET /${TEST_PROJECT.id}/saved_search`]: () => [],
    // A project of its own: the status store keeps each project's answer.
    [`GET /${TEST_PROJECT.id}/watchdogs/status`]: () => STATUS,
  });
});

afterEach(() => {
  cleanup();
  forgetWatchdogStatus(TEST_PROJECT.id);
  vi.useRealTimers();
});

const searches = () => host.api.post.mock.calls.filter(([path]) => path === SEARCH).map(([, body]) => body as SessionSearchBody);

describe('watchdog rules in the sessions list', () => {
  it('get a tab when visible, a badge on the rows that they flagged, and places among the Issue filter options', async () => {
    const c = (await openSessionsList(host, `/${TEST_PROJECT.id}/sessions`)).container;
    await advance(0);
    const tabs = [...c.querySelectorAll('[role="tab"]')].map((t) => t.textContent);
    expect(tabs).toContain('Failed checkouts');
    expect(tabs).not.toContain('Internal pages');
    expect([...c.querySelectorAll('[data-watchdog]')].map((b) => b.getAttribute('title'))).toEqual(['Failed checkouts']);

    await click(c.querySelector('[role="tab"][data-tab="watchdog_4"]'));
    await advance(500);
    expect(searches().at(-1)!.filters).toContainEqual({ type: 'ISSUE', operator: 'is', value: ['watchdog_4'] });

    await click(c.querySelector('[data-testid="add-filter"]'));
    typeInto(c.querySelector<HTMLInputElement>('.cs-filter-picker__panel input')!, 'Issu');
    await click([...c.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === 'Issue'));
    await click(byLabel(c, 'Issue value'));
    const options = [...c.querySelectorAll('label')].map((l) => l.textContent);
    expect(options).toEqual(expect.arrayContaining(['Error', 'Failed checkouts', 'Internal pages']));
  });
});
