// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, fillSlot, HostContext, UiRegistryContext, type ProjectSummary } from '@cassette/plugin-sdk/ui';
import { buttonNamed, chooseOption, cleanup, click, fakeAccount, pressKey, renderPage, settle, TEST_PROJECT, typeInto, type FakeHost, type FakeHostOptions, type RenderedPage } from '@cassette/plugin-sdk/testing/ui';
import type { SessionSearchResult } from '../../shared/search.js';
import SessionsListPage from './sessions-list.page.js';
import type { SessionSearchBody } from './use-session-search.js';
import { listHost, session } from '../../testing/sessions-list.js';
import { sessionsSlots } from '../../api.js';

let page: RenderedPage<FakeHost>;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A project with `total` sessions, answered page by page as search2 would. */
function hostWithSessions(total: number, options: FakeHostOptions = {}) {
  return listHost({
    ...options,
    routes: {
      [`POST /${TEST_PROJECT.id}/sessions/search2`]: (_path, body): SessionSearchResult => {
        const request = body as SessionSearchBody;
        const first = (request.page - 1) * request.limit;
        const count = Math.max(0, Math.min(request.limit, total - first));
        return { total, sessions: Array.from({ length: count }, (_, i) => session({ sessionId: `s-${first + i + 1}` })) };
      },
    },
  });
}

async function openPage(host: FakeHost, url = `/${TEST_PROJECT.id}/sessions`) {
  page = renderPage(<SessionsListPage />, url, '*', { host });
  await settle();
  return page.container;
}

const lastSearch = (host: FakeHost) => host.api.post.mock.calls.at(-1) as [string, SessionSearchBody];
const items = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[data-testid="session-item"]')].map((e) => e.dataset.sessionId);
const text = (container: HTMLElement, field: string) => container.querySelector(`[data-field="${field}"]`)?.textContent;
const tab = (container: HTMLElement, name: string) => [...container.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === name);

async function pressEnter(input: HTMLInputElement) {
  await pressKey(input, 'Enter');
  await settle();
}

describe('the sessions list page', () => {
  it("shows a Live tab contributed under the live-sessions flag only while the member's appearance shows live sessions", async () => {
    const live = fillSlot(sessionsSlots.listTabs, { id: 'assist.live', label: 'Live', component: () => <p>live</p>, order: 10, appearance: 'sessionsLive' });
    const openWith = async (appearance: Record<string, unknown>) => {
      page = renderPage(
        <UiRegistryContext.Provider value={{ fills: [live] }}>
          <SessionsListPage />
        </UiRegistryContext.Provider>,
        `/${TEST_PROJECT.id}/sessions`,
        '*',
        { host: hostWithSessions(1, { account: fakeAccount({ appearance }) }) },
      );
      await settle();
      return page.container;
    };
    expect(tab(await openWith({ role: 'dev' }), 'Live')).toBeUndefined();
    cleanup();
    expect(tab(await openWith({ role: 'CUSTOM', sessionsLive: true }), 'Live')).toBeDefined();
  });

  it('offers the timezone dropdown, and a choice goes to the host for the whole app', async () => {
    const setTimezone = vi.fn();
    const container = await openPage(hostWithSessions(1, { timezone: 'UTC', setTimezone }));
    const select = container.querySelector<HTMLSelectElement>('select[aria-label="Timezone"]')!;
    expect([...select.options].map((o) => o.value)).toContain('UTC');
    expect(select.value).toBe('UTC');
    const local = [...select.options].find((o) => o.textContent?.startsWith('Local ('))!;
    await chooseOption(select, local.value);
    expect(setTimezone).toHaveBeenCalledWith(local.value);
  });

  it('lists the newest 10 sessions of the project and says how many there are', async () => {
    const host = hostWithSessions(25);
    const container = await openPage(host);
    expect(host.api.post).toHaveBeenCalledTimes(1);
    const [path, body] = lastSearch(host);
    expect(path).toBe(`/${TEST_PROJECT.id}/sessions/search2`);
    expect(body).toEqual({ page: 1, limit: 10, sort: 'startTs', order: 'desc', events: [], filters: [], eventsOrder: 'then', rangeValue: 'LAST_7_DAYS', startDate: expect.any(Number), endDate: expect.any(Number) });
    expect(items(container)).toHaveLength(10);
    expect(items(container)[0]).toBe('s-1');
    expect(text(container, 'showing')).toBe('Showing 10 of 25');
    expect(text(container, 'page-of')).toBe('Page 1 of 3');
  });

  it('offers the tabs all, bookmarks and one per visible issue type', async () => {
    const container = await openPage(hostWithSessions(1));
    const tabs = [...container.querySelectorAll('[role="tab"]')].map((t) => t.textContent);
    expect(tabs).toEqual(['All', 'Bookmarks', 'Errors', 'Bad Requests', 'Missing Images', 'Click Rage', 'Dead Clicks', 'High Memory', 'High CPU', 'Crashes', 'Excessive Scrolling', 'Slow Resources', 'Slow Page Load']);
    expect(tab(container, 'All')?.getAttribute('aria-selected')).toBe('true');
  });

  it('pages with previous and next, keeping the page in the URL', async () => {
    const host = hostWithSessions(25);
    const container = await openPage(host);
    expect(buttonNamed(container, 'Previous')?.disabled).toBe(true);
    await click(buttonNamed(container, 'Next'));
    await settle();
    expect(lastSearch(host)[1].page).toBe(2);
    expect(page.url.search).toBe('?page=2');
    // Rows 11-20 of 25: the count runs to the end of this page, not this page's rows alone.
    expect(text(container, 'showing')).toBe('Showing 20 of 25');
    await click(buttonNamed(container, 'Next'));
    await settle();
    expect(items(container)).toEqual(['s-21', 's-22', 's-23', 's-24', 's-25']);
    expect(text(container, 'showing')).toBe('Showing 25 of 25');
    expect(text(container, 'page-of')).toBe('Page 3 of 3');
    expect(buttonNamed(container, 'Next')?.disabled).toBe(true);
    await click(buttonNamed(container, 'Previous'));
    await settle();
    expect(lastSearch(host)[1].page).toBe(2);
  });

  it('jumps to a typed page only when it is between 1 and the last page', async () => {
    const host = hostWithSessions(25);
    const container = await openPage(host);
    const input = container.querySelector<HTMLInputElement>('.cs-pagination__input')!;
    typeInto(input, '9');
    await pressEnter(input);
    expect(host.api.post).toHaveBeenCalledTimes(1);
    expect(input.value).toBe('1');
    typeInto(input, 'x3');
    expect(input.value).toBe('3');
    await pressEnter(input);
    expect(host.api.post).toHaveBeenCalledTimes(2);
    expect(lastSearch(host)[1].page).toBe(3);
    expect(text(container, 'page-of')).toBe('Page 3 of 3');
  });

  it('searches an issue tab with an ISSUE filter from page 1', async () => {
    const host = hostWithSessions(25);
    const container = await openPage(host, `/${TEST_PROJECT.id}/sessions?page=2`);
    expect(lastSearch(host)[1].page).toBe(2);
    await click(tab(container, 'Click Rage'));
    await settle();
    expect(lastSearch(host)[1]).toMatchObject({ page: 1, limit: 10, sort: 'startTs', order: 'desc', events: [], filters: [{ type: 'ISSUE', operator: 'is', value: ['click_rage'] }] });
    expect(tab(container, 'Click Rage')?.getAttribute('aria-selected')).toBe('true');
    expect(page.url.search).toBe('?tab=click_rage');
    await click(tab(container, 'Errors'));
    await settle();
    expect(lastSearch(host)[1].filters).toEqual([{ type: 'ISSUE', operator: 'is', value: ['js_exception'] }]);
  });

  it('searches the bookmarks tab with bookmarked: true from page 1', async () => {
    const host = hostWithSessions(25);
    const container = await openPage(host, `/${TEST_PROJECT.id}/sessions?page=3`);
    await click(tab(container, 'Bookmarks'));
    await settle();
    expect(lastSearch(host)[1]).toMatchObject({ page: 1, limit: 10, sort: 'startTs', order: 'desc', bookmarked: true, filters: [] });
  });

  it('sorts by the chosen order from page 1', async () => {
    const host = hostWithSessions(25);
    const container = await openPage(host, `/${TEST_PROJECT.id}/sessions?page=2`);
    const select = container.querySelector<HTMLSelectElement>('select[aria-label="Sort sessions"]')!;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Newest', 'Oldest', 'Longest', 'Most events', 'Most errors']);
    await chooseOption(select, 'most-errors');
    await settle();
    expect(lastSearch(host)[1]).toMatchObject({ page: 1, sort: 'errorsCount', order: 'desc' });
    expect(page.url.search).toBe('?sort=errorsCount');
    await chooseOption(select, 'oldest');
    await settle();
    expect(lastSearch(host)[1]).toMatchObject({ sort: 'startTs', order: 'asc' });
  });

  it('starts from the search kept in the URL', async () => {
    const host = hostWithSessions(25);
    const container = await openPage(host, `/${TEST_PROJECT.id}/sessions?tab=dead_click&page=2&sort=duration`);
    expect(lastSearch(host)[1]).toMatchObject({ page: 2, limit: 10, sort: 'duration', order: 'desc', filters: [{ type: 'ISSUE', operator: 'is', value: ['dead_click'] }] });
    expect(tab(container, 'Dead Clicks')?.getAttribute('aria-selected')).toBe('true');
    expect(container.querySelector<HTMLSelectElement>('select[aria-label="Sort sessions"]')!.value).toBe('longest');
  });

  it('shows that it is loading until search2 answers', async () => {
    const host = listHost();
    let answer: (result: SessionSearchResult) => void = () => {};
    host.api.post.mockReturnValue(new Promise<SessionSearchResult>((resolve) => (answer = resolve)));
    const container = await openPage(host);
    expect(container.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe('Loading sessions');
    expect(items(container)).toEqual([]);
    await act(async () => answer({ total: 1, sessions: [session({ sessionId: 's-1' })] }));
    expect(container.querySelector('[role="status"]')).toBeNull();
    expect(items(container)).toEqual(['s-1']);
  });

  it('offers page 1 when the page in the URL is past the last one', async () => {
    const host = hostWithSessions(5);
    const container = await openPage(host, `/${TEST_PROJECT.id}/sessions?page=4`);
    expect(container.querySelector('.cs-no-content__title')?.textContent).toBe('No recordings found');
    await click(buttonNamed(container, 'Go to page 1'));
    await settle();
    expect(lastSearch(host)[1].page).toBe(1);
    expect(items(container)).toHaveLength(5);
  });

  it("says 'No recordings found' when nothing matches", async () => {
    const container = await openPage(hostWithSessions(0));
    expect(items(container)).toEqual([]);
    expect(container.querySelector('.cs-no-content__title')?.textContent).toBe('No recordings found');
  });

  it('filters by a user when their name is clicked, and by a metadata key and value when its chip is', async () => {
    const host = listHost({
      routes: {
        [`POST /${TEST_PROJECT.id}/sessions/search2`]: (): SessionSearchResult => ({
          total: 2,
          sessions: [session({ sessionId: 's-1', userId: 'ada', metadata: { plan: 'pro' } }), session({ sessionId: 's-2', userId: undefined, userAnonymousId: undefined, userDisplayName: undefined })],
        }),
      },
    });
    const container = await openPage(host);
    // An anonymous user is nobody to filter by.
    expect(container.querySelector('[data-session-id="s-2"] button[data-field="user"]')).toBeNull();
    await click(container.querySelector('[data-session-id="s-1"] button[data-field="user"]'));
    await settle();
    expect(lastSearch(host)[1]).toMatchObject({ page: 1, filters: [{ type: 'USERID', operator: 'is', value: ['ada'], isEvent: false }] });
    await click(container.querySelector('[data-session-id="s-1"] [data-field="metadata-chip"]'));
    await settle();
    expect(lastSearch(host)[1].filters).toEqual([
      { type: 'USERID', operator: 'is', value: ['ada'], isEvent: false },
      { type: 'METADATA', source: ['plan'], operator: 'is', value: ['pro'], isEvent: false },
    ]);
  });

  it('updates a toggled bookmark in place without searching again', async () => {
    const host = hostWithSessions(3);
    host.api.get.mockResolvedValue({ favorite: true });
    const container = await openPage(host);
    const star = () => container.querySelector<HTMLElement>('[data-session-id="s-2"] .cs-session-favorite')!;
    await click(star());
    await settle();
    expect(host.api.get).toHaveBeenCalledWith(`/${TEST_PROJECT.id}/sessions2/s-2/favorite`);
    expect(star().getAttribute('aria-pressed')).toBe('true');
    expect(container.querySelector('[data-session-id="s-1"] .cs-session-favorite')?.getAttribute('aria-pressed')).toBe('false');
    expect(host.api.post).toHaveBeenCalledTimes(1);
  });

  it('shows why the search failed and searches again on Try again', async () => {
    const host = hostWithSessions(2);
    host.api.post.mockRejectedValueOnce(new ApiError(0, ['Connection error']));
    const container = await openPage(host);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Connection error');
    expect(container.textContent).toContain('Try again');
    await click(buttonNamed(container, 'Try again'));
    await settle();
    expect(host.api.post).toHaveBeenCalledTimes(2);
    expect(items(container)).toEqual(['s-1', 's-2']);
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('points an unrecorded project to the install steps, and lists its sessions once it records', async () => {
    const unrecorded = { ...TEST_PROJECT, recorded: false };
    const host = hostWithSessions(2);
    /** The page under a host whose current project is `project`: changing it keeps the page mounted. */
    const ListOf = ({ project }: { project: ProjectSummary }) => (
      <HostContext.Provider value={{ ...host, currentProject: project, projects: [project] }}>
        <SessionsListPage />
      </HostContext.Provider>
    );
    page = renderPage(<ListOf project={unrecorded} />, `/${TEST_PROJECT.id}/sessions`, '*', { host });
    await settle();
    const container = page.container;
    expect(container.querySelector('.cs-no-content__title')?.textContent).toBe('No recordings found');
    expect(container.querySelector('a[href="/onboarding/installing"]')?.textContent).toBe('See how to install');
    expect(host.api.post).not.toHaveBeenCalled();

    // The host's 30 s check (host-ui/src/shell/use-unrecorded-project-check.ts) brings the project back recorded.
    page.rerender(<ListOf project={TEST_PROJECT} />);
    await settle();
    expect(items(container)).toEqual(['s-1', 's-2']);
  });
});
