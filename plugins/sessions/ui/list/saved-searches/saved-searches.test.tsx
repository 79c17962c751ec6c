// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { advance, answerRoutes, byLabel, cleanup, click, fakeHost, pressKey, TEST_PROJECT, typeInto, type FakeHost, type RenderedPage } from '@cassette/plugin-sdk/testing/ui';
import type { SavedSearch, SessionSearchResult } from '../../../shared/search.js';
import { openSessionsList, session } from '../../../testing/sessions-list.js';
import type { SessionSearchBody } from '../use-session-search.js';

const SEARCH = `/${TEST_PROJECT.id}/sessions/search2`;
const SAVED = `/${TEST_PROJECT.id}/saved_search`;

const saved = (overrides: Partial<SavedSearch>): SavedSearch => ({
  searchId: 1,
  projectId: TEST_PROJECT.id,
  userId: 1,
  name: 'Mine',
  filter: { events: [], filters: [] },
  isPublic: false,
  watchdogs: [],
  createdAt: Date.UTC(2026, 10, 1),
  ownerName: 'Olivia',
  ...overrides,
});

const FAILED_CHECKOUTS = saved({
  searchId: 5,
  name: 'Failed checkouts',
  isPublic: true,
  filter: {
    events: [
      { type: 'LOCATION', operator: 'is', value: ['/checkout'], isEvent: true },
      { type: 'FETCH_FAILED', operator: 'isAny', value: [], isEvent: true },
    ],
    filters: [{ type: 'USERBROWSER', operator: 'is', value: ['Chrome'], isEvent: false }],
    eventsOrder: 'then',
    strict: false,
    rangeValue: 'LAST_30_DAYS',
  },
});
const BOBS = saved({ searchId: 6, userId: 2, name: 'Rage on mobile', isPublic: true, ownerName: 'Bob', filter: { filters: [{ type: 'PLATFORM', operator: 'is', value: ['mobile'] }], minDuration: 0, maxDuration: 60_000 } });

let host: FakeHost;
let page: RenderedPage<FakeHost>;
let list: SavedSearch[];
let created: unknown[];
let updated: Array<[string, unknown]>;
let deleted: string[];
let failSave: string[] | null;

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 21, 14, 5) });
  list = [FAILED_CHECKOUTS, BOBS];
  created = [];
  updated = [];
  deleted = [];
  failSave = null;
  host = fakeHost();
  answerRoutes(host, {
    [`POST ${SEARCH}`]: (): SessionSearchResult => ({ total: 1, sessions: [session()] }),
    [`GET /${TEST_PROJECT.id}/metadata`]: () => [],
    [`GET ${SAVED}`]: () => list,
    [`POST ${SAVED}`]: (_path, body) => {
      if (failSave) throw new ApiError(400, failSave);
      created.push(body);
      return saved({ searchId: 77, ...(body as Partial<SavedSearch>) });
    },
    [`POST ${SAVED}/5`]: (path, body) => {
      updated.push([path, body]);
      return { ...FAILED_CHECKOUTS, ...(body as Partial<SavedSearch>) };
    },
    [`DELETE ${SAVED}/5`]: (path) => {
      deleted.push(path);
      return { deleted: true };
    },
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const openPage = async (url = `/${TEST_PROJECT.id}/sessions`) => (page = await openSessionsList(host, url)).container;

const lastSearch = () => host.api.post.mock.calls.filter(([path]) => path === SEARCH).at(-1)![1] as SessionSearchBody;
const buttonText = (text: string) => [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === text);
const openList = async (c: HTMLElement) => click(c.querySelector('[data-testid="saved-searches-button"]'));
const entry = (c: HTMLElement, id: number) => c.querySelector<HTMLElement>(`[data-testid="saved-search"][data-search-id="${id}"]`)!;
const modal = () => document.querySelector<HTMLElement>('[role="dialog"]');

describe('saved searches', () => {
  it('lists own and shared searches with the team marker and the author of others', async () => {
    const c = await openPage();
    expect(c.querySelector('[data-testid="saved-searches-button"]')?.textContent).toBe('Saved Searches (2)');
    await openList(c);
    expect(entry(c, 5).textContent).toBe('Failed checkoutsShared with team');
    expect(entry(c, 6).textContent).toBe('Rage on mobileShared with teamby Bob');
    expect(byLabel(c, 'Delete Failed checkouts')).not.toBeNull();
    expect(byLabel(c, 'Delete Rage on mobile')).toBeNull();
  });

  it('applies a saved search: its filter replaces the search, from page 1, and its name shows', async () => {
    const c = await openPage(`/${TEST_PROJECT.id}/sessions?page=3&filters=${encodeURIComponent('[{"type":"USEROS","operator":"is","value":["iOS"]}]')}`);
    await openList(c);
    await click(entry(c, 5).querySelector('button'));
    await advance(0);
    expect(lastSearch()).toMatchObject({
      page: 1,
      events: FAILED_CHECKOUTS.filter.events,
      filters: FAILED_CHECKOUTS.filter.filters,
      eventsOrder: 'then',
      rangeValue: 'LAST_30_DAYS',
    });
    expect(c.querySelector('[data-testid="active-saved-search"]')?.textContent).toContain('Failed checkouts');
    expect(new URLSearchParams(page.url.search).get('savedSearch')).toBe('5');
    expect(c.querySelectorAll('[data-testid="event-step"]')).toHaveLength(2);

    // Another one's duration shows as the duration row; 0 stays the lower bound.
    await openList(c);
    await click(entry(c, 6).querySelector('button'));
    await advance(0);
    expect(lastSearch()).toMatchObject({ events: [], filters: [{ type: 'PLATFORM', operator: 'is', value: ['mobile'] }, { type: 'DURATION', operator: 'is', value: [0, 60_000], isEvent: false }], rangeValue: 'LAST_7_DAYS' });

    // Clearing resets the search and the saved search.
    await click(byLabel(c, 'Clear saved search Rage on mobile'));
    await advance(0);
    expect(lastSearch()).toMatchObject({ events: [], filters: [] });
    expect(c.querySelector('[data-testid="active-saved-search"]')).toBeNull();
    expect(page.url.search).toBe('');
  });

  it("the filter bar's Clear lets go of the saved search too: no \"Saved search:\" label is left over empty filters", async () => {
    const c = await openPage();
    await openList(c);
    await click(entry(c, 5).querySelector('button'));
    await advance(0);
    expect(c.querySelector('[data-testid="active-saved-search"]')?.textContent).toContain('Saved search:');
    await click([...c.querySelectorAll('button')].find((b) => b.textContent === 'Clear'));
    await advance(0);
    expect(lastSearch()).toMatchObject({ events: [], filters: [] });
    expect(c.querySelector('[data-testid="active-saved-search"]')).toBeNull();
    expect(new URLSearchParams(page.url.search).get('savedSearch')).toBeNull();
  });

  it('saves the search under a required, trimmed name; the modal closes and the search becomes active', async () => {
    const c = await openPage();
    expect(buttonText('Save Search')?.disabled).toBe(true);
    await click(c.querySelector('[data-testid="add-filter"]'));
    await click([...c.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === 'User OS'));
    const value = c.querySelector<HTMLInputElement>('[data-testid="filter-value-input"]')!;
    typeInto(value, 'Android');
    await pressKey(value, 'Enter');
    // Saved before the pause is over: the value is saved too.
    await click(buttonText('Save Search'));
    expect(modal()?.textContent).toContain('Save Search');
    await click(buttonText('Save'));
    expect(modal()?.querySelector('[role="alert"]')?.textContent).toBe('Enter a name for this search.');
    expect(created).toEqual([]);

    typeInto(modal()!.querySelector('input')!, '  Android users  ');
    await click([...modal()!.querySelectorAll('label')].find((l) => l.textContent === 'Share with team'));
    await click(buttonText('Save'));
    await advance(0);
    expect(created).toEqual([
      {
        name: 'Android users',
        isPublic: true,
        filter: { events: [], filters: [{ type: 'USEROS', operator: 'is', value: ['Android'], isEvent: false }], eventsOrder: 'then', strict: false, rangeValue: 'LAST_7_DAYS' },
      },
    ]);
    expect(modal()).toBeNull();
    expect(c.querySelector('[data-testid="active-saved-search"]')?.textContent).toContain('Android users');
    expect(new URLSearchParams(page.url.search).get('savedSearch')).toBe('77');
    expect(host.toast).toHaveBeenCalledWith('Saved the search as “Android users”.', 'success');
  });

  it('keeps the modal open with the reason and what to do when saving fails', async () => {
    failSave = ['You have 100 saved searches in this project, the most allowed: delete one first.'];
    const c = await openPage(`/${TEST_PROJECT.id}/sessions?filters=${encodeURIComponent('[{"type":"USEROS","operator":"is","value":["iOS"]}]')}`);
    await click(buttonText('Save Search'));
    typeInto(modal()!.querySelector('input')!, 'iOS');
    await click(buttonText('Save'));
    await advance(0);
    expect(modal()?.textContent).toContain('delete one first');
    expect(modal()?.textContent).toContain('Nothing was saved.');
    expect(c.querySelector('[data-testid="active-saved-search"]')).toBeNull();
  });

  it('offers the author of the active search to update it or save a copy', async () => {
    const c = await openPage(`/${TEST_PROJECT.id}/sessions?savedSearch=5&filters=${encodeURIComponent('[{"type":"USEROS","operator":"is","value":["iOS"]}]')}`);
    await click(buttonText('Save Search'));
    expect(modal()?.querySelector('input')?.value).toBe('Failed checkouts');
    expect(buttonText('Save as new')).toBeDefined();
    await click(buttonText('Update'));
    await advance(0);
    expect(updated).toEqual([[`${SAVED}/5`, { name: 'Failed checkouts', isPublic: true, filter: expect.objectContaining({ filters: [{ type: 'USEROS', operator: 'is', value: ['iOS'] }] }) }]]);
    expect(modal()).toBeNull();
    expect(c.querySelector('[data-testid="active-saved-search"]')?.textContent).toContain('Failed checkouts');
  });

  it("saves a copy of someone else's active search instead of changing it", async () => {
    await openPage(`/${TEST_PROJECT.id}/sessions?savedSearch=6&filters=${encodeURIComponent('[{"type":"USEROS","operator":"is","value":["iOS"]}]')}`);
    await click(buttonText('Save Search'));
    expect(modal()?.textContent).toContain('only they can change it');
    expect(buttonText('Update')).toBeUndefined();
    typeInto(modal()!.querySelector('input')!, 'My copy');
    await click(buttonText('Save'));
    await advance(0);
    expect(created).toHaveLength(1);
    expect(new URLSearchParams(page.url.search).get('savedSearch')).toBe('77');
  });

  it('deletes an own search after a confirmation; deleting the active one clears it', async () => {
    const c = await openPage(`/${TEST_PROJECT.id}/sessions?savedSearch=5`);
    expect(c.querySelector('[data-testid="active-saved-search"]')).not.toBeNull();
    await openList(c);
    await click(byLabel(c, 'Delete Failed checkouts'));
    expect(modal()?.textContent).toContain('Are you sure you want to permanently delete "Failed checkouts"?');
    await click(buttonText('Cancel'));
    expect(deleted).toEqual([]);
    await click(byLabel(c, 'Delete Failed checkouts'));
    await click(buttonText('Delete'));
    await advance(0);
    expect(deleted).toEqual([`${SAVED}/5`]);
    expect(entry(c, 5)).toBeNull();
    expect(c.querySelector('[data-testid="saved-searches-button"]')?.textContent).toBe('Saved Searches (1)');
    expect(c.querySelector('[data-testid="active-saved-search"]')).toBeNull();
    expect(new URLSearchParams(page.url.search).get('savedSearch')).toBeNull();
  });
});
