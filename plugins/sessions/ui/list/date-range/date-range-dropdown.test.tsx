// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionSearchResult } from '../../../shared/search.js';
import SessionsListPage from '../sessions-list.page.js';
import { openSessionsList, PROJECT, advance, answerRoutes, byLabel, click, currentUrl, fakeHost, mount, session, typeInto, unmount, type ListHost } from '../../../testing/test-host.js';
import type { SessionSearchBody } from '../use-session-search.js';

const SEARCH = `/${PROJECT.id}/sessions/search2`;
// Saturday 21 Nov 2026, 14:05 UTC: 15:05 in Berlin.
const NOW = Date.UTC(2026, 10, 21, 14, 5);

let host: ListHost;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  host = fakeHost({ timezone: 'Europe/Berlin' });
  answerRoutes(host, {
    [`POST ${SEARCH}`]: (): SessionSearchResult => ({ total: 1, sessions: [session()] }),
    [`GET /${PROJECT.id}/metadata`]: () => [],
    [`GET /${PROJECT.id}/saved_search`]: () => [],
  });
});

afterEach(() => {
  unmount();
  vi.useRealTimers();
});

const openPage = (url = `/${PROJECT.id}/sessions?page=2`) => openSessionsList(host, url);

const lastSearch = () => host.api.post.mock.calls.filter(([path]) => path === SEARCH).at(-1)![1] as SessionSearchBody;
const menuItem = (c: HTMLElement, label: string) => [...c.querySelectorAll<HTMLElement>('[role="menuitemradio"]')].find((i) => i.textContent === label);
const button = () => document.querySelector<HTMLButtonElement>('[data-testid="date-range-button"]')!;

describe('the date range dropdown', () => {
  it('searches the past 7 days by default, from midnight in the chosen timezone', async () => {
    await openPage();
    expect(button().textContent).toBe('Past 7 Days');
    expect(lastSearch()).toMatchObject({ rangeValue: 'LAST_7_DAYS', startDate: Date.UTC(2026, 10, 13, 23), endDate: Date.UTC(2026, 10, 21, 22, 59, 59, 999) });
  });

  it('applies a preset at once, from page 1, and keeps it in the URL', async () => {
    const c = await openPage();
    await click(button());
    expect([...c.querySelectorAll('[role="menuitemradio"]')].map((i) => i.textContent)).toEqual(['30 Minutes', 'Today', 'Yesterday', 'Past 7 Days', 'Past 30 Days', 'Custom Range']);
    expect(menuItem(c, 'Past 7 Days')?.getAttribute('aria-checked')).toBe('true');
    await click(menuItem(c, 'Today'));
    await advance(0);
    expect(lastSearch()).toMatchObject({ page: 1, rangeValue: 'TODAY', startDate: Date.UTC(2026, 10, 20, 23), endDate: Date.UTC(2026, 10, 21, 22, 59, 59, 999) });
    expect(currentUrl.search).toBe('?rangeValue=TODAY');
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

  it('picks a custom range in a popup: Apply searches it, Cancel keeps the range', async () => {
    const c = await openPage();
    await click(button());
    await click(menuItem(c, 'Custom Range'));
    const popup = document.querySelector<HTMLElement>('[data-testid="custom-range"]')!;
    const field = (label: string) => byLabel<HTMLInputElement>(popup, label)!;
    expect(field('End date').max).toBe('2026-11-21');
    expect(field('Start time').step).toBe('60');
    typeInto(field('Start date'), '2026-11-02');
    typeInto(field('End date'), '2026-11-03');
    expect([field('Start time').value, field('End time').value]).toEqual(['00:00', '23:59']);
    // The start cannot pass the end.
    typeInto(field('Start date'), '2026-11-09');
    expect([field('Start date').value, field('Start time').value]).toEqual(['2026-11-03', '23:59']);
    typeInto(field('Start date'), '2026-11-02');
    typeInto(field('Start time'), '08:30');
    const before = host.api.post.mock.calls.length;
    await click([...document.querySelectorAll('button')].find((b) => b.textContent === 'Cancel'));
    expect(document.querySelector('[data-testid="custom-range"]')).toBeNull();
    expect(host.api.post.mock.calls.length).toBe(before);

    await click(button());
    await click(menuItem(c, 'Custom Range'));
    const again = (label: string) => byLabel<HTMLInputElement>(document.querySelector('[data-testid="custom-range"]')!, label)!;
    typeInto(again('Start date'), '2026-11-02');
    typeInto(again('Start time'), '08:30');
    typeInto(again('End date'), '2026-11-03');
    await click([...document.querySelectorAll('button')].find((b) => b.textContent === 'Apply'));
    await advance(0);
    // Berlin is UTC+1 in November.
    expect(lastSearch()).toMatchObject({ page: 1, rangeValue: 'CUSTOM_RANGE', startDate: Date.UTC(2026, 10, 2, 7, 30), endDate: Date.UTC(2026, 10, 3, 22, 59, 59, 999) });
    expect(button().textContent).toBe('Nov 2, 2026 08:30 – Nov 3, 2026 23:59');
    expect(currentUrl.search).toBe(`?rangeValue=CUSTOM_RANGE&startDate=${Date.UTC(2026, 10, 2, 7, 30)}&endDate=${Date.UTC(2026, 10, 3, 22, 59, 59, 999)}`);
  });

  it('says what to fix when a custom time is missing', async () => {
    const c = await openPage();
    await click(button());
    await click(menuItem(c, 'Custom Range'));
    typeInto(byLabel<HTMLInputElement>(document.body, 'Start time')!, '');
    await click([...document.querySelectorAll('button')].find((b) => b.textContent === 'Apply'));
    expect(document.querySelector('[data-testid="custom-range"] [role="alert"]')?.textContent).toBe('Enter a start date and time.');
    expect(document.querySelector('[data-testid="custom-range"]')).not.toBeNull();
  });
});
