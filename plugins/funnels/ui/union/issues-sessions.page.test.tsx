// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, fillSlot, UiRegistryContext } from '@cassette/plugin-sdk/ui';
import { allByTestId, buttonNamed, byTestId, cleanup, click, fakeHost, renderPage, settle, TEST_PROJECT, type FakeHost, type FakeRoutes } from '@cassette/plugin-sdk/testing/ui';
import { sessionsSlots, type SessionRowsProps } from '@cassette/plugin-sessions/api';
import { issue, MINOR_ERRORS_ISSUE, sessionSummary } from '../../testing/ui-fixtures.js';
import type { FunnelSessionsBody } from '../page/funnel-page.machine.js';
import IssuesSessionsPage, { readIssueIds, unionTitle } from './issues-sessions.page.js';

afterEach(cleanup);

const FUNNEL = `/${TEST_PROJECT.id}/funnels/1`;
const ROUTE = `POST ${FUNNEL}/issues/sessions`;

function RowsStandIn({ sessions }: SessionRowsProps) {
  return (
    <ul>
      {sessions.map((s) => (
        <li key={s.sessionId} data-testid="row">
          {s.sessionId}
        </li>
      ))}
    </ul>
  );
}
const FILLS = [fillSlot(sessionsSlots.sessionRows, { id: 'sessions.session-rows', component: RowsStandIn, order: 10 })];

function unionHost(routes: FakeRoutes = {}) {
  return fakeHost({
    routes: {
      [ROUTE]: (_path, body) => {
        const { cohort, page } = body as FunnelSessionsBody;
        const total = cohort === 'dropped' ? 0 : 12;
        const count = cohort === 'dropped' ? 0 : page === 2 ? 2 : 10;
        return { issues: [issue(), MINOR_ERRORS_ISSUE], total, sessions: Array.from({ length: count }, (_, i) => sessionSummary({ sessionId: `${cohort}-${page}-${i + 1}` })) };
      },
      ...routes,
    },
  });
}

async function openUnion(host: FakeHost = unionHost(), url = `${FUNNEL}/issues?issues=click_rage-pay,js_exception-NA`) {
  const page = renderPage(
    <UiRegistryContext.Provider value={{ fills: FILLS }}>
      <IssuesSessionsPage />
    </UiRegistryContext.Provider>,
    url,
    '/:siteId/funnels/:funnelId/issues',
    { host },
  );
  await settle();
  return { page, host, container: page.container };
}

const bodies = (host: FakeHost) => host.api.post.mock.calls.map(([, body]) => body as FunnelSessionsBody & { issueIds: string[] });
const rows = (container: HTMLElement) => allByTestId(container, 'row').map((r) => r.textContent);

describe('the issues sessions page', () => {
  it('lists the sessions any of the issues affected over the range and span, with the issues', async () => {
    const { container, host } = await openUnion(unionHost(), `${FUNNEL}/issues?rangeValue=LAST_30_DAYS&firstStage=2&lastStage=3&issues=click_rage-pay%2Cjs_exception-NA%2Cclick_rage-pay`);
    expect(bodies(host)).toEqual([
      { rangeValue: 'LAST_30_DAYS', startDate: expect.any(Number), endDate: expect.any(Number), firstStage: 2, lastStage: 3, issueIds: ['click_rage-pay', 'js_exception-NA'], cohort: 'entered', page: 1, limit: 10 },
    ]);
    // One of them is not significant: not called critical.
    expect(byTestId(container, 'issues-header')?.querySelector('[data-field="title"]')?.textContent).toBe('Sessions that met any of the 2 issues');
    expect(allByTestId(container, 'union-issue').map((li) => li.querySelector('a')?.getAttribute('href'))).toEqual([
      `${FUNNEL}/click_rage-pay?rangeValue=LAST_30_DAYS&firstStage=2&lastStage=3`,
      `${FUNNEL}/js_exception-NA?rangeValue=LAST_30_DAYS&firstStage=2&lastStage=3`,
    ]);
    expect(container.querySelector('[data-testid="issues-sessions"] h2')?.textContent).toBe('Affected sessions between Step 2 and Step 3');
    expect(rows(container)).toHaveLength(10);
    expect(byTestId(container, 'back-to-funnel')?.getAttribute('href')).toBe(`${FUNNEL}?rangeValue=LAST_30_DAYS&firstStage=2&lastStage=3`);
  });

  it('switches cohort and page through the URL, keeping the issues', async () => {
    const { container, host, page } = await openUnion();
    await click(buttonNamed(container, 'Next'));
    await settle();
    expect(bodies(host).at(-1)).toMatchObject({ cohort: 'entered', page: 2, issueIds: ['click_rage-pay', 'js_exception-NA'] });
    expect(rows(container)).toEqual(['entered-2-1', 'entered-2-2']);
    await click(buttonNamed(container, 'Dropped'));
    await settle();
    expect(bodies(host).at(-1)).toMatchObject({ cohort: 'dropped', page: 1, issueIds: ['click_rage-pay', 'js_exception-NA'] });
    expect(new URLSearchParams(page.url.search).get('cohort')).toBe('dropped');
    expect(container.textContent).toContain('Every session that met these issues still reached the last step.');
  });

  it('tells issues or a funnel that are not there, and a link that names no issue', async () => {
    const gone = await openUnion(
      unionHost({
        [ROUTE]: () => {
          throw new ApiError(404, ['Issue not found in this funnel']);
        },
      }),
    );
    expect(gone.container.textContent).toContain('These issues are not all in the funnel');
    expect(gone.container.querySelector(`a[href="${FUNNEL}"]`)).not.toBeNull();
    cleanup();
    const none = await openUnion(unionHost(), `${FUNNEL}/issues`);
    expect(none.container.textContent).toContain('No issues were named');
    expect(none.host.api.post).not.toHaveBeenCalled();
  });

  it('reads the ids once each, and names the set', () => {
    expect(readIssueIds(new URLSearchParams('issues=a.1,,b.2,a.1'))).toEqual(['a.1', 'b.2']);
    expect([unionTitle(1, true), unionTitle(3, true), unionTitle(2, false)]).toEqual(['Sessions that met the critical issue', 'Sessions that met any of the 3 critical issues', 'Sessions that met any of the 2 issues']);
  });
});
