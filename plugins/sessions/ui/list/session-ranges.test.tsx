// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, answerRoutes, buttonNamed, byLabel, cleanup, click, fakeHost, TEST_PROJECT, typeInto, type FakeHost, type RenderedPage } from '@cassette/plugin-sdk/testing/ui';
import type { SessionSearchResult } from '../../shared/search.js';
import { openSessionsList, session } from '../../testing/sessions-list.js';
import type { SessionSearchBody } from './use-session-search.js';

const SEARCH = `/${TEST_PROJECT.id}/sessions/search2`;
// Saturday 21 Nov 2026, 14:05 UTC: 15:05 in Berlin.
const NOW = Date.UTC(2026, 10, 21, 14, 5);

let host: FakeHost;
let page: RenderedPage<FakeHost>;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  host = fakeHost({ timezone: 'Europe/Berlin' });
  answerRoutes(host, {
    [`POST ${SEARCH}`]: (): SessionSearchResult => ({ total: 1, sessions: [session()] }),
    [`GET /${TEST_PROJECT.id}/metadata`]: () => [],
    [`GET /${TEST_PROJECT.id}/saved_search`]: () => [],
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const openPage = async (url = `/${TEST_PROJECT.id}/sessions?page=2`) => (page = await openSessionsList(host, url)).container;

const lastSearch = () => host.api.post.mock.calls.filter(([path]) => path === SEARCH).at(-1)![1] as SessionSearchBody;
const menuItem = (c: HTMLElement, label: string) => [...c.querySelectorAll<HTMLElement>('[role="menuitemradio"]')].find((i) => i.textContent === label);
const button = () => document.querySelector<HTMLButtonElement>('[data-testid="date-range-button"]')!;
const popup = () => document.querySelector<HTMLElement>('[data-testid="custom-range"]');
const day = (key: string) => document.querySelector<HTMLButtonElement>(`[data-day="${key}"]`)!;

async function openCustomRange(c: HTMLElement) {
  await click(button());
  await click(menuItem(c, 'Custom Range'));
}

describe("the session list's date range", () => {
  it('searches the past 7 days by default, from midnight in the chosen timezone', async () => {
    await openPage();
    expect(button().textContent).toBe('Past 7 Days');
    expect(lastSearch()).toMatchObject({ rangeValue: 'LAST_7_DAYS', startDate: Date.UTC(2026, 10, 13, 23), endDate: Date.UTC(2026, 10, 21, 22, 59, 59, 999) });
  });

  it('offers every named range the search accepts and applies one at once, from page 1, keeping it in the URL', async () => {
    const c = await openPage();
    await click(button());
    expect([...c.querySelectorAll('[role="menuitemradio"]')].map((i) => i.textContent)).toEqual(['30 Minutes', 'Today', 'Yesterday', 'Past 24 Hours', 'Past 7 Days', 'Past 30 Days', 'This Month', 'Last Month', 'This Year', 'Custom Range']);
    expect(menuItem(c, 'Past 7 Days')?.getAttribute('aria-checked')).toBe('true');
    await click(menuItem(c, 'Today'));
    await advance(0);
    expect(lastSearch()).toMatchObject({ page: 1, rangeValue: 'TODAY', startDate: Date.UTC(2026, 10, 20, 23), endDate: Date.UTC(2026, 10, 21, 22, 59, 59, 999) });
    expect(page.url.search).toBe('?rangeValue=TODAY');
    expect(c.querySelector('[role="menu"]')).toBeNull();
    await click(button());
    await click(menuItem(c, 'Yesterday'));
    await advance(0);
    expect(lastSearch()).toMatchObject({ rangeValue: 'YESTERDAY', startDate: Date.UTC(2026, 10, 19, 23), endDate: Date.UTC(2026, 10, 20, 22, 59, 59, 999) });
    await click(button());
    await click(menuItem(c, '30 Minutes'));
    await advance(0);
    expect(lastSearch()).toMatchObject({ rangeValue: 'LAST_30_MINUTES', startDate: NOW - 30 * 60_000, endDate: NOW });
  });

  it('searches the last 24 hours, this month, last month and this year (spec part 2 §9), keeping each in the URL', async () => {
    const c = await openPage();
    const pick = async (label: string) => {
      await click(button());
      await click(menuItem(c, label));
      await advance(0);
    };
    await pick('Past 24 Hours');
    expect(lastSearch()).toMatchObject({ rangeValue: 'LAST_24_HOURS', startDate: NOW - 24 * 3_600_000, endDate: NOW });
    await pick('This Month');
    expect(lastSearch()).toMatchObject({ rangeValue: 'THIS_MONTH', startDate: Date.UTC(2026, 9, 31, 23), endDate: Date.UTC(2026, 10, 21, 22, 59, 59, 999) });
    await pick('Last Month');
    expect(lastSearch()).toMatchObject({ rangeValue: 'LAST_MONTH', startDate: Date.UTC(2026, 8, 30, 22), endDate: Date.UTC(2026, 9, 31, 22, 59, 59, 999) });
    await pick('This Year');
    expect(lastSearch()).toMatchObject({ rangeValue: 'THIS_YEAR', startDate: Date.UTC(2025, 11, 31, 23), endDate: Date.UTC(2026, 10, 21, 22, 59, 59, 999) });
    expect(page.url.search).toBe('?rangeValue=THIS_YEAR');
  });

  it('picks a custom range on the calendar: Apply searches it, Cancel keeps the range', async () => {
    const c = await openPage();
    await openCustomRange(c);
    expect(day('2026-11-22').disabled).toBe(true);
    await click(day('2026-11-02'));
    await click(day('2026-11-03'));
    typeInto(byLabel<HTMLInputElement>(popup()!, 'Start time')!, '08:30');
    const before = host.api.post.mock.calls.length;
    await click(buttonNamed(document.body, 'Cancel'));
    expect(popup()).toBeNull();
    expect(host.api.post.mock.calls.length).toBe(before);
    expect(button().textContent).toBe('Past 7 Days');

    await openCustomRange(c);
    await click(day('2026-11-02'));
    await click(day('2026-11-03'));
    typeInto(byLabel<HTMLInputElement>(popup()!, 'Start time')!, '08:30');
    await click(buttonNamed(document.body, 'Apply'));
    await advance(0);
    // Berlin is UTC+1 in November; the end is the last minute of the day clicked second.
    expect(lastSearch()).toMatchObject({ page: 1, rangeValue: 'CUSTOM_RANGE', startDate: Date.UTC(2026, 10, 2, 7, 30), endDate: Date.UTC(2026, 10, 3, 22, 59, 59, 999) });
    expect(button().textContent).toBe('Nov 2, 2026 08:30 – Nov 3, 2026 23:59');
    expect(page.url.search).toBe(`?rangeValue=CUSTOM_RANGE&startDate=${Date.UTC(2026, 10, 2, 7, 30)}&endDate=${Date.UTC(2026, 10, 3, 22, 59, 59, 999)}`);
  });

  it('says what to fix when a custom time is missing', async () => {
    const c = await openPage();
    await openCustomRange(c);
    typeInto(byLabel<HTMLInputElement>(popup()!, 'Start time')!, '');
    await click(buttonNamed(document.body, 'Apply'));
    expect(popup()!.querySelector('[role="alert"]')?.textContent).toBe('Enter a start date and time.');
    expect(popup()).not.toBeNull();
  });
});
