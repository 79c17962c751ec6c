// @vitest-environment happy-dom
import type { AxisLabelsFormatterContextObject, Options, XAxisOptions } from 'highcharts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { allByTestId, buttonNamed, byTestId, cleanup, click, fakeHost, renderPage, settle, TEST_PROJECT, type FakeHost, type FakeRoutes } from '@cassette/plugin-sdk/testing/ui';
import { SOURCEMAPS_MISSING_TEXT } from '../../api.js';
import { calledPaths, errorDetail, NOW, resolvedStack } from '../../testing/error-fixtures.js';
import ErrorDetailPage, { ERROR_NOT_FOUND } from './error-detail.page.js';

const charts = vi.hoisted(() => new Map<string, Options>());
vi.mock('highcharts-react-official', () => ({
  HighchartsReact: ({ options }: { options: Options }) => {
    charts.set(String(options.title?.text), options);
    return <div className="chart-stand-in" />;
  },
}));

afterEach(() => {
  cleanup();
  charts.clear();
});

function hostWithError(routes: FakeRoutes = {}) {
  return fakeHost({
    routes: {
      'GET /7/errors/e-1': () => errorDetail(),
      'GET /7/errors/e-1/sourcemaps': () => resolvedStack(),
      'GET /7/errors/e-1/solve': () => ({ errorId: 'e-1', status: 'resolved', changed: true }),
      'GET /7/errors/e-1/ignore': () => ({ errorId: 'e-1', status: 'ignored', changed: true }),
      ...routes,
    },
  });
}

async function openError(host: FakeHost, errorId = 'e-1') {
  const page = renderPage(<ErrorDetailPage />, `/${TEST_PROJECT.id}/errors/${errorId}`, '/:siteId/errors/:errorId', { host });
  await settle();
  return page;
}

/** The x-axis label a chart (by title) gives an instant. */
const axisLabel = (title: string, value: number) =>
  (charts.get(title)!.xAxis as XAxisOptions).labels!.formatter!.call({ value } as AxisLabelsFormatterContextObject, {} as AxisLabelsFormatterContextObject);
const field = (scope: ParentNode, name: string) => scope.querySelector(`[data-field="${name}"]`)?.textContent;
const actions = (container: HTMLElement) => [...byTestId(container, 'status-actions')!.querySelectorAll<HTMLButtonElement>('button.cs-btn')];

describe('the error detail page', () => {
  it('shows the error, its counts, charts, tags and releases', async () => {
    const host = hostWithError();
    const { container } = await openError(host);
    expect(field(container, 'name')).toBe('TypeError');
    expect(field(container, 'message')).toBe("Cannot read properties of undefined (reading 'price')");
    expect(byTestId(container, 'error-status')!.textContent).toBe('Unresolved');
    expect([field(container, 'users'), field(container, 'sessions'), field(container, 'occurrences')]).toEqual(['3', '4', '9']);
    expect((charts.get('Past 24 Hours')!.series![0] as { data: unknown }).data).toEqual([[NOW - 2 * 3_600_000, 1], [NOW - 3_600_000, 3]]);
    expect((charts.get('Past 30 Days')!.series![0] as { data: unknown }).data).toEqual([[NOW - 86_400_000, 4], [NOW, 5]]);
    expect([axisLabel('Past 24 Hours', NOW), axisLabel('Past 30 Days', NOW)]).toEqual(['14:00', '21/11']);
    const browser = byTestId(container, 'tag-browser')!;
    expect([...browser.querySelectorAll('.cs-error-tag__label')].map((l) => l.textContent)).toEqual(['Chrome', 'Firefox']);
    expect([...browser.querySelectorAll('.cs-error-tag__percent')].map((l) => l.textContent)).toEqual(['66.7%', '33.3%']);
    expect(byTestId(container, 'releases')!.textContent).toContain('1.4.2');
    expect(calledPaths(host.api.get)).toEqual(expect.arrayContaining(['/7/errors/e-1', '/7/errors/e-1/sourcemaps']));
    expect(byTestId(container, 'synthetic-badge')).toBeNull();
  });

  it('badges an error seen only in synthetic test runs, and says how many occurrences came from them when some did', async () => {
    let page = await openError(hostWithError({ 'GET /7/errors/e-1': () => errorDetail({ occurrences: 9, syntheticOccurrences: 9, synthetic: true }) }));
    expect(byTestId(page.container, 'synthetic-badge')!.textContent).toBe('Synthetic');
    page.unmount();
    page = await openError(hostWithError({ 'GET /7/errors/e-1': () => errorDetail({ occurrences: 9, syntheticOccurrences: 2 }) }));
    expect(byTestId(page.container, 'synthetic-badge')!.textContent).toBe('2 synthetic');
    expect(byTestId(page.container, 'synthetic-badge')!.getAttribute('title')).toBe('2 of 9 occurrences were recorded in synthetic test runs.');
  });

  it('shows the source-mapped stack with the warning when maps are missing, linking to the upload help', async () => {
    const { container } = await openError(hostWithError({ 'GET /7/errors/e-1/sourcemaps': () => resolvedStack({ sourcemapsMissing: true }) }));
    expect(allByTestId(container, 'stack-frame')[0]!.textContent).toContain('addToCart—src/cart.ts:42:7');
    const warning = byTestId(container, 'sourcemaps-missing')!;
    expect(warning.textContent).toContain(SOURCEMAPS_MISSING_TEXT);
    expect(warning.querySelector('a')!.getAttribute('href')).toBe('/7/errors?sourcemaps=1');
  });

  it('links each session to the player at the moment of the error', async () => {
    const { container } = await openError(hostWithError());
    const links = allByTestId(container, 'error-session').map((s) => s.querySelector('a')!.getAttribute('href'));
    expect(links).toEqual([`/7/session/s-1?jumpto=${NOW - 60_000}`, `/7/session/s-2?jumpto=${NOW - 120_000}`]);
  });

  it('loads more sessions 10 at a time', async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ ...errorDetail().sessions10[0]!, sessionId: `s-${i + 1}` }));
    const host = hostWithError({
      'GET /7/errors/e-1': () => errorDetail({ sessions: 12, sessions10: many }),
      'GET /7/errors/e-1/sessions': () => ({ total: 12, sessions: [{ ...many[0]!, sessionId: 's-11' }, { ...many[0]!, sessionId: 's-12' }] }),
    });
    const { container } = await openError(host);
    expect(field(container, 'sessions-showing')).toBe('Showing 10 of 12');
    await click(buttonNamed(container, 'Load more'));
    await settle();
    expect(calledPaths(host.api.get)).toContain('/7/errors/e-1/sessions?page=2&limit=10');
    expect(allByTestId(container, 'error-session')).toHaveLength(12);
    expect(buttonNamed(container, 'Load more')).toBeNull();
  });

  it('resolves: the status shows the change and the actions are off until reload', async () => {
    const host = hostWithError();
    const { container } = await openError(host);
    expect(actions(container).map((b) => b.textContent)).toEqual(['Resolve', 'Ignore']);
    await click(buttonNamed(container, 'Resolve'));
    await settle();
    expect(calledPaths(host.api.get)).toContain('/7/errors/e-1/solve');
    expect(byTestId(container, 'error-status')!.textContent).toBe('Resolved');
    expect(actions(container).map((b) => [b.textContent, b.disabled])).toEqual([
      ['Unresolve', true],
      ['Ignore', true],
    ]);
    await click(buttonNamed(container, 'Ignore'));
    await settle();
    expect(calledPaths(host.api.get)).not.toContain('/7/errors/e-1/ignore');
  });

  it('offers no action for the status the error already has', async () => {
    const { container } = await openError(hostWithError({ 'GET /7/errors/e-1': () => errorDetail({ status: 'ignored' }) }));
    expect(actions(container).map((b) => b.textContent)).toEqual(['Resolve', 'Unresolve']);
  });

  it('says why a status change failed and keeps the actions on', async () => {
    const { container } = await openError(
      hostWithError({
        'GET /7/errors/e-1/solve': () => {
          throw new ApiError(409, ['The error was merged meanwhile: open the error it was merged into.']);
        },
      }),
    );
    await click(buttonNamed(container, 'Resolve'));
    await settle();
    expect(container.textContent).toContain('The error was merged meanwhile');
    expect(buttonNamed(container, 'Resolve')!.disabled).toBe(false);
    expect(byTestId(container, 'error-status')!.textContent).toBe('Unresolved');
  });

  it('shows where a merged error went', async () => {
    const { container } = await openError(hostWithError({ 'GET /7/errors/e-1': () => errorDetail({ parentErrorId: 'e-9' }) }));
    expect(byTestId(container, 'merged-into')!.querySelector('a')!.getAttribute('href')).toBe('/7/errors/e-9');
  });

  it('says clearly when the error does not exist, with the way back', async () => {
    const { container, url } = await openError(fakeHost(), 'gone');
    expect(container.textContent).toContain(ERROR_NOT_FOUND);
    const back = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Back to errors')!;
    await click(back);
    expect(url.path).toBe('/7/errors');
  });

  it('offers a retry when loading failed for another reason', async () => {
    let fail = true;
    const host = hostWithError({
      'GET /7/errors/e-1': () => {
        if (fail) throw new ApiError(0, ['Connection error']);
        return errorDetail();
      },
    });
    const { container } = await openError(host);
    expect(container.textContent).toContain('Connection error');
    fail = false;
    await click(buttonNamed(container, 'Retry'));
    await settle();
    expect(field(container, 'name')).toBe('TypeError');
  });
});
