// The sessions list on the SDK's browser test kit: a host the list can talk to, the page, and list items.
import { advance, fakeHost, renderPage, TEST_PROJECT, type FakeHost, type FakeHostOptions } from '@cassette/plugin-sdk/testing/ui';
import type { SessionSummary } from '../shared/session.js';
import SessionsListPage from '../ui/list/sessions-list.page.js';

/** A host for the list page: the project's metadata and saved searches answer empty unless `routes` say otherwise. */
export function listHost({ routes, ...options }: FakeHostOptions = {}): FakeHost {
  return fakeHost({ ...options, routes: { [`GET /${TEST_PROJECT.id}/metadata`]: () => [], [`GET /${TEST_PROJECT.id}/saved_search`]: () => [], ...routes } });
}

/** The sessions list page at `url`, mounted and past its first render (fake timers). */
export async function openSessionsList(host: FakeHost, url = `/${TEST_PROJECT.id}/sessions`) {
  const page = renderPage(<SessionsListPage />, url, '*', { host });
  await advance(0);
  return page;
}

/** A session as the list shows it (search2's item). */
export function session(overrides: Partial<SessionSummary> = {}): SessionSummary {
  return {
    sessionId: 's-1',
    projectId: TEST_PROJECT.id,
    startedAt: Date.UTC(2026, 10, 21, 14, 5),
    duration: 65_000,
    userId: 'ada@shop.test',
    userAnonymousId: null,
    userUuid: null,
    userBrowser: 'Chrome',
    userBrowserVersion: '120.0.1',
    userOs: 'macOS',
    userOsVersion: '14',
    userDevice: null,
    userDeviceType: 'desktop',
    userCountry: 'DE',
    pageTitle: 'Shop',
    startUrl: 'https://shop.test/',
    referrer: null,
    revId: null,
    timezone: null,
    pagesCount: 3,
    eventsCount: 12,
    errorsCount: 1,
    consoleLogsCount: 0,
    issueTypes: [],
    watchdogs: [],
    metadata: {},
    userDisplayName: 'ada@shop.test',
    userNumericHash: 42,
    userSessionsCount: 1,
    viewed: false,
    favorite: false,
    live: false,
    endedAt: null,
    active: false,
    ...overrides,
  };
}
