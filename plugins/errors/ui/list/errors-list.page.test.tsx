// @vitest-environment happy-dom
import type { Options } from 'highcharts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { advance, allByTestId, buttonNamed, byTestId, chooseOption, cleanup, click, fakeHost, renderPage, settle, TEST_PROJECT, typeInto, type FakeHost, type FakeRoutes } from '@cassette/plugin-sdk/testing/ui';
import type { ErrorSearchRequest, ErrorSearchResult } from '../../api.js';
import { calledPaths, errorItem } from '../../testing/error-fixtures.js';
import ErrorsListPage, { NO_ERRORS_TITLE } from './errors-list.page.js';
import { QUERY_DEBOUNCE_MS } from './search-box.js';

// Highcharts needs layout happy-dom does not do: the stand-in keeps the options handed over.
const charts = vi.hoisted(() => [] as Options[]);
vi.mock('highcharts-react-official', () => ({
  HighchartsReact: ({ options }: { options: Options }) => {
    charts.push(options);
    return <div className="chart-stand-in" />;
  },
}));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  charts.length = 0;
});

/** A project with `total` errors, answered page by page as the search route would. */
function hostWithErrors(total: number, extra: FakeRoutes = {}) {
  return fakeHost({
    routes: {
      'POST /7/errors/search': (_path, body) => {
        const request = body as Required<Pick<ErrorSearchRequest, 'page' | 'limit'>>;
        const first = (request.page - 1) * request.limit;
        const count = Math.max(0, Math.min(request.limit, total - first));
        return { total, errors: Array.from({ length: count }, (_, i) => errorItem({ errorId: `e-${first + i + 1}`, name: `Error${first + i + 1}` })) } satisfies ErrorSearchResult;
      },
      ...extra,
    },
  });
}

async function openList(host: FakeHost, url = `/${TEST_PROJECT.id}/errors`) {
  const page = renderPage(<ErrorsListPage />, url, '*', { host });
  await settle();
  return page;
}

const lastSearch = (host: FakeHost) => host.api.post.mock.calls.at(-1)![1] as ErrorSearchRequest;
const rows = (container: HTMLElement) => allByTestId(container, 'error-item').map((r) => r.dataset.errorId);
const field = (scope: ParentNode, name: string) => scope.querySelector(`[data-field="${name}"]`)?.textContent;
const tab = (container: HTMLElement, name: string) => [...container.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === name)!;

describe('the errors list page', () => {
  it('asks for the newest unresolved errors, 10 a page, and shows each one', async () => {
    const host = hostWithErrors(25);
    const { container } = await openList(host);
    expect(calledPaths(host.api.post)).toEqual(['/7/errors/search']);
    expect(lastSearch(host)).toEqual({ page: 1, limit: 10, sort: 'lastOccurrence', order: 'desc', status: 'unresolved' });
    expect(rows(container)).toHaveLength(10);
    const first = allByTestId(container, 'error-item')[0]!;
    expect(field(first, 'name')).toBe('Error1');
    expect(field(first, 'message')).toBe("Cannot read properties of undefined (reading 'price')");
    expect(field(first, 'first-frame')).toBe('addToCart (https://shop.test/assets/app.min.js:1:2841)');
    expect(field(first, 'users')).toBe('3');
    expect(field(first, 'sessions')).toBe('4');
    expect(field(first, 'occurrences')).toBe('9');
    expect(first.querySelector('[data-field="last-seen"]')!.getAttribute('title')).toMatch(/ UTC$/);
    expect(first.querySelector('a')!.getAttribute('href')).toBe('/7/errors/e-1');
    expect(field(first, 'status')).toBeUndefined();
    expect((charts[0]!.series![0] as { data: unknown }).data).toEqual(errorItem().chart.map((p) => [p.timestamp, p.count]));
    expect(field(container, 'showing')).toBe('Showing 10 of 25');
    expect(field(container, 'page-of')).toBe('Page 1 of 3');
  });

  it('pages with previous and next, keeping the page in the URL', async () => {
    const host = hostWithErrors(25);
    const { container, url } = await openList(host);
    expect(buttonNamed(container, 'Previous')!.disabled).toBe(true);
    await click(buttonNamed(container, 'Next'));
    await settle();
    expect(lastSearch(host).page).toBe(2);
    expect(url.search).toBe('?page=2');
    await click(buttonNamed(container, 'Next'));
    await settle();
    expect(rows(container)).toEqual(['e-21', 'e-22', 'e-23', 'e-24', 'e-25']);
    expect(buttonNamed(container, 'Next')!.disabled).toBe(true);
    expect(field(container, 'page-of')).toBe('Page 3 of 3');
  });

  it('filters by status and bookmarks from page 1', async () => {
    const host = hostWithErrors(25);
    const { container, url } = await openList(host, `/${TEST_PROJECT.id}/errors?page=2`);
    expect(lastSearch(host).page).toBe(2);
    await click(tab(container, 'Resolved'));
    await settle();
    expect(lastSearch(host)).toEqual({ page: 1, limit: 10, sort: 'lastOccurrence', order: 'desc', status: 'resolved' });
    expect(url.search).toBe('?view=resolved');
    await click(tab(container, 'Ignored'));
    await settle();
    expect(lastSearch(host).status).toBe('ignored');
    await click(tab(container, 'Bookmarks'));
    await settle();
    expect(lastSearch(host)).toEqual({ page: 1, limit: 10, sort: 'lastOccurrence', order: 'desc', status: 'all', bookmarked: true });
    expect(tab(container, 'Bookmarks').getAttribute('aria-selected')).toBe('true');
  });

  it('sorts by the chosen key and direction from page 1', async () => {
    const host = hostWithErrors(25);
    const { container, url } = await openList(host, `/${TEST_PROJECT.id}/errors?page=3`);
    const select = container.querySelector<HTMLSelectElement>('select[aria-label="Sort errors"]')!;
    expect([...select.options].slice(0, 6).map((o) => o.textContent)).toEqual([
      'Last occurrence, newest first', 'Last occurrence, oldest first', 'First occurrence, newest first', 'First occurrence, oldest first', 'Users, most first', 'Users, fewest first',
    ]);
    expect([...select.options].map((o) => o.value)).toEqual([
      'lastOccurrence:desc', 'lastOccurrence:asc', 'firstOccurrence:desc', 'firstOccurrence:asc', 'users:desc', 'users:asc', 'sessions:desc', 'sessions:asc', 'occurrences:desc', 'occurrences:asc',
    ]);
    await chooseOption(select, 'users:asc');
    await settle();
    expect(lastSearch(host)).toMatchObject({ page: 1, sort: 'users', order: 'asc' });
    expect(url.search).toBe('?sort=users&order=asc');
  });

  it('badges errors seen in synthetic test runs, and lists them, leaves them out or keeps to them as chosen', async () => {
    const host = fakeHost({
      routes: {
        'POST /7/errors/search': () =>
          ({
            total: 3,
            errors: [
              errorItem({ errorId: 'e-robot', occurrences: 4, syntheticOccurrences: 4, synthetic: true }),
              errorItem({ errorId: 'e-mixed', occurrences: 9, syntheticOccurrences: 3, synthetic: false }),
              errorItem({ errorId: 'e-real' }),
            ],
          }) satisfies ErrorSearchResult,
      },
    });
    const { container, url } = await openList(host, `/${TEST_PROJECT.id}/errors?page=2`);
    const badges = allByTestId(container, 'error-item').map((row) => byTestId(row, 'synthetic-badge'));
    expect(badges.map((b) => b?.textContent ?? null)).toEqual(['Synthetic', '3 synthetic', null]);
    expect(badges[1]!.getAttribute('title')).toBe('3 of 9 occurrences were recorded in synthetic test runs.');

    const select = container.querySelector<HTMLSelectElement>('select[aria-label="Errors of synthetic test runs"]')!;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['include', 'Synthetic runs: Include'],
      ['exclude', 'Synthetic runs: Exclude'],
      ['only', 'Synthetic runs: Only'],
    ]);
    expect(select.value).toBe('include');
    expect(lastSearch(host)).not.toHaveProperty('synthetic');
    await chooseOption(select, 'exclude');
    await settle();
    expect(lastSearch(host)).toMatchObject({ page: 1, synthetic: 'exclude' });
    expect(url.search).toBe('?synthetic=exclude');
    await chooseOption(select, 'only');
    await settle();
    expect(lastSearch(host)).toMatchObject({ page: 1, synthetic: 'only' });
    await chooseOption(select, 'include');
    await settle();
    expect(lastSearch(host)).not.toHaveProperty('synthetic');
    expect(url.search).toBe('');
  });

  it('searches the typed text once typing pauses for 500 ms, from page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const host = hostWithErrors(25);
    const { container, url } = renderPage(<ErrorsListPage />, `/${TEST_PROJECT.id}/errors?page=2`, '*', { host });
    await advance(0);
    const box = container.querySelector<HTMLInputElement>('input[aria-label="Search errors"]')!;
    typeInto(box, 'pri');
    await advance(300);
    typeInto(box, 'price');
    await advance(QUERY_DEBOUNCE_MS - 1);
    expect(host.api.post).toHaveBeenCalledTimes(1);
    await advance(1);
    await advance(0);
    expect(host.api.post).toHaveBeenCalledTimes(2);
    expect(lastSearch(host)).toMatchObject({ page: 1, query: 'price' });
    expect(url.search).toBe('?q=price');
  });

  it('keeps the list in the URL: opening it again asks for the same list', async () => {
    const host = hostWithErrors(25);
    const { container } = await openList(host, `/${TEST_PROJECT.id}/errors?view=ignored&sort=sessions&order=asc&page=2&q=cart`);
    expect(lastSearch(host)).toEqual({ page: 2, limit: 10, sort: 'sessions', order: 'asc', status: 'ignored', query: 'cart' });
    expect(container.querySelector<HTMLInputElement>('input[aria-label="Search errors"]')!.value).toBe('cart');
    expect(container.querySelector<HTMLSelectElement>('select[aria-label="Sort errors"]')!.value).toBe('sessions:asc');
  });

  it('merges two or more selected errors, keeping the first selected, and drops the others from the list', async () => {
    // The server's list: after the merge, e-1 and e-2 are gone and e-3 counts their occurrences too.
    const gone = new Set<string>();
    const all = () => Array.from({ length: 12 }, (_, i) => `e-${i + 1}`).filter((id) => !gone.has(id));
    const merge = vi.fn((_path: string, body: unknown) => {
      const merged = (body as { errors: string[] }).errors.slice(1);
      merged.forEach((id) => gone.add(id));
      return { errorId: 'e-3', merged };
    });
    const host = fakeHost({
      routes: {
        'POST /7/errors/search': (_path, body) => {
          const { page, limit } = body as Required<Pick<ErrorSearchRequest, 'page' | 'limit'>>;
          const ids = all();
          const items = ids.slice((page - 1) * limit, page * limit).map((id) => errorItem({ errorId: id, name: `Error${id.slice(2)}`, occurrences: id === 'e-3' ? 9 + 9 * gone.size : 9 }));
          return { total: ids.length, errors: items } satisfies ErrorSearchResult;
        },
        'POST /7/errors/merge': merge,
      },
    });
    const { container } = await openList(host);
    const check = (id: string) => container.querySelector<HTMLInputElement>(`[data-error-id="${id}"] input[type="checkbox"]`)!;
    await click(check('e-3'));
    expect(buttonNamed(container, 'Merge')).toBeNull();
    await click(check('e-1'));
    await click(check('e-2'));
    await click(buttonNamed(container, 'Merge'));
    const dialog = byTestId(document.body, 'merge-dialog')!;
    expect(dialog.textContent).toContain('Error3');
    expect(dialog.textContent).toContain('is kept');
    await click(buttonNamed(document.body.querySelector('[role="dialog"]')!, 'Merge'));
    await settle();
    expect(merge).toHaveBeenCalledWith('/7/errors/merge', { errors: ['e-3', 'e-1', 'e-2'] });
    // The list is asked again, so the kept error's counts include the merged ones at once.
    expect(rows(container)).toEqual(['e-3', 'e-4', 'e-5', 'e-6', 'e-7', 'e-8', 'e-9', 'e-10', 'e-11', 'e-12']);
    expect(container.querySelector('[data-error-id="e-3"] [data-field="occurrences"]')?.textContent).toBe('27');
    expect(field(container, 'showing')).toBe('Showing 10 of 10');
    expect(document.body.querySelector('[role="dialog"]')).toBeNull();
    expect(host.toast).toHaveBeenCalledWith('Merged 2 errors into one.', 'success');
  });

  it('keeps the dialog open with the reason when a merge fails', async () => {
    const { ApiError } = await import('@cassette/plugin-sdk/ui');
    const host = hostWithErrors(3, {
      'POST /7/errors/merge': () => {
        throw new ApiError(400, ['Those errors belong to another project.']);
      },
    });
    const { container } = await openList(host);
    for (const id of ['e-1', 'e-2']) await click(container.querySelector(`[data-error-id="${id}"] input[type="checkbox"]`));
    await click(buttonNamed(container, 'Merge'));
    await click(buttonNamed(document.body.querySelector('[role="dialog"]')!, 'Merge'));
    await settle();
    expect(document.body.querySelector('[role="dialog"]')!.textContent).toContain('Those errors belong to another project.');
    expect(rows(container)).toEqual(['e-1', 'e-2', 'e-3']);
  });

  it('toggles a bookmark with the star and shows the answer', async () => {
    const host = hostWithErrors(1, { 'GET /7/errors/e-1/favorite': () => ({ favorite: true }) });
    const { container } = await openList(host);
    const star = byTestId(container, 'error-favorite')!;
    expect(star.getAttribute('aria-pressed')).toBe('false');
    await click(star);
    await settle();
    expect(calledPaths(host.api.get)).toContain('/7/errors/e-1/favorite');
    expect(byTestId(container, 'error-favorite')!.getAttribute('aria-pressed')).toBe('true');
  });

  it('says when there are no errors, and how else to look', async () => {
    let page = await openList(hostWithErrors(0));
    expect(page.container.textContent).toContain(NO_ERRORS_TITLE);
    expect(page.container.textContent).toContain('No unresolved errors');
    page.unmount();
    page = await openList(hostWithErrors(0), `/${TEST_PROJECT.id}/errors?q=price`);
    expect(page.container.textContent).toContain('No unresolved error matches “price”');
    page.unmount();
    page = await openList(hostWithErrors(0), `/${TEST_PROJECT.id}/errors?view=bookmarks`);
    expect(page.container.textContent).toContain('Bookmark an error with its star');
    page.unmount();
    page = await openList(hostWithErrors(0), `/${TEST_PROJECT.id}/errors?synthetic=only`);
    expect(page.container.textContent).toContain('No unresolved error was seen in a synthetic test run. Choose “Synthetic runs: Include” to see the others.');
  });

  it('shows what went wrong and retries', async () => {
    const { ApiError } = await import('@cassette/plugin-sdk/ui');
    let fail = true;
    const host = fakeHost({
      routes: {
        'POST /7/errors/search': () => {
          if (fail) throw new ApiError(500, ['The server had a problem.']);
          return { total: 1, errors: [errorItem()] };
        },
      },
    });
    const { container } = await openList(host);
    expect(container.querySelector('[role="alert"]')!.textContent).toContain('The server had a problem.');
    fail = false;
    await click(buttonNamed(container, 'Retry'));
    await settle();
    expect(rows(container)).toEqual(['e-1']);
  });

  it('lists uploaded source maps and how to upload them for this project', async () => {
    const host = hostWithErrors(1, {
      'GET /7/sourcemaps': () => [{ release: '1.4.2', file: 'assets/app.min.js', bytes: 2048, uploadedAt: Date.UTC(2026, 10, 20, 9, 0) }],
    });
    const { container, url } = await openList(host);
    await click(buttonNamed(container, 'Source maps'));
    await settle();
    expect(url.search).toBe('?sourcemaps=1');
    const panel = byTestId(document.body, 'sourcemaps-panel')!;
    expect(byTestId(panel, 'upload-command')!.textContent).toContain('/cli/cassette.mjs');
    expect(byTestId(panel, 'upload-command')!.textContent).toContain('node cassette.mjs sourcemaps upload --project-key key-7 --release <version> ./dist');
    expect(byTestId(panel, 'upload-command')!.textContent).toContain('CASSETTE_API_KEY=');
    const row = byTestId(panel, 'sourcemap-row')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['1.4.2', 'assets/app.min.js', '2.0 KB', 'Nov 20, 2026, 09:00:00 UTC']);
    await act(async () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(byTestId(document.body, 'sourcemaps-panel')).toBeNull();
    expect(url.search).toBe('');
  });
});
