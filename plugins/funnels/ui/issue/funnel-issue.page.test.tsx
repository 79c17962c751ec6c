// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, fillSlot, UiRegistryContext } from '@cassette/plugin-sdk/ui';
import { allByTestId, buttonNamed, byTestId, cleanup, click, fakeHost, renderPage, settle, TEST_PROJECT, type FakeHost, type FakeRoutes } from '@cassette/plugin-sdk/testing/ui';
import { sessionsSlots, type SessionRowsProps } from '@cassette/plugin-sessions/api';
import { issue, sessionSummary } from '../../testing/ui-fixtures.js';
import type { FunnelSessionsBody } from '../page/funnel-page.machine.js';
import FunnelIssuePage from './funnel-issue.page.js';

afterEach(cleanup);

const FUNNEL = `/${TEST_PROJECT.id}/funnels/1`;
const ROUTE = `POST ${FUNNEL}/issues/click_rage-pay/sessions`;

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

function issueHost(routes: FakeRoutes = {}) {
  return fakeHost({
    routes: {
      [ROUTE]: (_path, body) => {
        const { cohort, page } = body as FunnelSessionsBody;
        const total = cohort === 'dropped' ? 0 : 12;
        const count = cohort === 'dropped' ? 0 : page === 2 ? 2 : 10;
        return { issue: issue(), total, sessions: Array.from({ length: count }, (_, i) => sessionSummary({ sessionId: `${cohort}-${page}-${i + 1}` })) };
      },
      ...routes,
    },
  });
}

async function openIssue(host: FakeHost = issueHost(), url = `${FUNNEL}/click_rage-pay`) {
  const page = renderPage(
    <UiRegistryContext.Provider value={{ fills: FILLS }}>
      <FunnelIssuePage />
    </UiRegistryContext.Provider>,
    url,
    '/:siteId/funnels/:funnelId/:issueId',
    { host },
  );
  await settle();
  return { page, host, container: page.container };
}

const bodies = (host: FakeHost) => host.api.post.mock.calls.map(([, body]) => body as FunnelSessionsBody);
const field = (scope: ParentNode | null | undefined, name: string) => scope?.querySelector(`[data-field="${name}"]`)?.textContent?.trim();
const rows = (container: HTMLElement) => allByTestId(container, 'row').map((r) => r.textContent);

describe('the funnel issue page', () => {
  it("shows the issue's header and its affected sessions over the funnel's range and span", async () => {
    const { container, host } = await openIssue(issueHost(), `${FUNNEL}/click_rage-pay?rangeValue=LAST_30_DAYS&firstStage=2&lastStage=3`);
    expect(bodies(host)).toEqual([{ rangeValue: 'LAST_30_DAYS', startDate: expect.any(Number), endDate: expect.any(Number), firstStage: 2, lastStage: 3, cohort: 'entered', page: 1, limit: 10 }]);
    const header = byTestId(container, 'issue-header');
    expect([field(header, 'name'), field(header, 'title'), field(header, 'context')]).toEqual(['Click Rage', 'Click Rage on "Pay now"', 'Pay now']);
    expect([field(header, 'affected-sessions'), field(header, 'affected-users'), field(header, 'lost-conversions'), field(header, 'conversion-impact'), field(header, 'conversions')]).toEqual(['120', '90', '80', '8 %', '6.7 % / 26.1 %']);
    expect(field(header, 'significance')).toContain('p-value (adjusted): 0.001');
    expect(container.querySelector('[data-testid="issue-sessions"] h2')?.textContent).toBe('Affected sessions between Step 2 and Step 3');
    expect(rows(container)).toHaveLength(10);
    expect(field(container, 'showing')).toBe('Showing 10 of 12');
    // Back to the funnel on the same range and span.
    expect(byTestId(container, 'back-to-funnel')?.getAttribute('href')).toBe(`${FUNNEL}?rangeValue=LAST_30_DAYS&firstStage=2&lastStage=3`);
  });

  it('switches cohort and page through the URL', async () => {
    const { container, host, page } = await openIssue();
    await click(buttonNamed(container, 'Next'));
    await settle();
    expect(bodies(host).at(-1)).toMatchObject({ cohort: 'entered', page: 2 });
    expect(page.url.search).toBe('?page=2');
    expect(rows(container)).toEqual(['entered-2-1', 'entered-2-2']);
    await click(buttonNamed(container, 'Dropped'));
    await settle();
    expect(bodies(host).at(-1)).toMatchObject({ cohort: 'dropped', page: 1 });
    expect(page.url.search).toBe('?cohort=dropped');
    expect(container.textContent).toContain('No sessions in this range');
    expect(container.textContent).toContain('Every session that met this issue still reached the last step.');
    await click(buttonNamed(container, 'Show all affected'));
    await settle();
    expect(bodies(host).at(-1)).toMatchObject({ cohort: 'entered' });
    expect(page.url.search).toBe('');
  });

  it('opens on the cohort a link asked for', async () => {
    const { host, container } = await openIssue(issueHost(), `${FUNNEL}/click_rage-pay?cohort=dropped`);
    expect(bodies(host)[0]).toMatchObject({ cohort: 'dropped' });
    expect(container.querySelector('[role="radio"][aria-checked="true"]')?.textContent).toBe('Dropped');
  });

  it('tells an issue or funnel that is not there', async () => {
    const { container } = await openIssue(
      issueHost({
        [ROUTE]: () => {
          throw new ApiError(404, ['Issue not found']);
        },
      }),
    );
    expect(container.textContent).toContain('This issue is not in the funnel');
    expect(container.querySelector(`a[href="${FUNNEL}"]`)).not.toBeNull();
  });

  it('says why it could not load, and retries', async () => {
    let fail = true;
    const healthy = issueHost();
    const { container } = await openIssue(
      issueHost({
        [ROUTE]: (path, body) => {
          if (fail) throw new ApiError(500, ['Database is down']);
          return healthy.api.post(path, body);
        },
      }),
    );
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Database is down');
    fail = false;
    await click(buttonNamed(container, 'Retry'));
    await settle();
    expect(rows(container)).toHaveLength(10);
  });
});
