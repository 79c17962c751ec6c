// @vitest-environment happy-dom
import type { Options } from 'highcharts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, fillSlot, UiRegistryContext } from '@cassette/plugin-sdk/ui';
import { advance, allByTestId, buttonNamed, byLabel, byTestId, cleanup, click, fakeHost, hover, pressKey, renderPage, settle, TEST_PROJECT, typeInto, type FakeHost, type FakeRoutes } from '@cassette/plugin-sdk/testing/ui';
import { sessionsSlots, type SearchFilterSlotProps, type SessionRowsProps } from '@cassette/plugin-sessions/api';
import type { Funnel, FunnelQueryBody } from '../../shared/funnel.js';
import { funnel, issue, issuesAnswer, MINOR_ERRORS_ISSUE, sessionsAnswer, sessionSummary, stage } from '../../testing/ui-fixtures.js';
import { FUNNEL_FILTER_REFETCH_MS } from '../constants.js';
import { Route, Routes } from 'react-router-dom';
import FunnelIssuePage from '../issue/funnel-issue.page.js';
import IssuesSessionsPage from '../union/issues-sessions.page.js';
import FunnelPage from './funnel.page.js';
import type { FunnelSessionsBody } from './funnel-page.machine.js';

// Highcharts needs layout happy-dom does not do: the stand-in keeps the options it is handed.
const charts = vi.hoisted(() => [] as Options[]);
vi.mock('highcharts-react-official', () => ({
  HighchartsReact: ({ options }: { options: Options }) => {
    charts.push(options);
    return <div data-testid="chart-stand-in" />;
  },
}));

afterEach(() => {
  cleanup();
  charts.length = 0;
  vi.useRealTimers();
});

const BASE = `/${TEST_PROJECT.id}/funnels/1`;

/** The sessions plugin's rows, as the host would register them; here a stand-in listing the ids. */
function RowsStandIn({ sessions }: SessionRowsProps) {
  return (
    <ul data-testid="session-rows">
      {sessions.map((s) => (
        <li key={s.sessionId} data-testid="row">
          {s.sessionId}
        </li>
      ))}
    </ul>
  );
}
/** The session search's filter bar, played by a stand-in: it shows the steps it is handed, and adds a browser or a step. */
function FilterBarStandIn({ filter, onChange }: SearchFilterSlotProps) {
  return (
    <div data-testid="filter-bar">
      <span data-field="bar-steps">{(filter.events ?? []).map((e) => e.value?.join()).join(' > ')}</span>
      <button type="button" onClick={() => onChange({ ...filter, filters: [...(filter.filters ?? []), FIREFOX] })}>
        Add Firefox
      </button>
      <button type="button" onClick={() => onChange({ ...filter, events: [...(filter.events ?? []), THANKS] })}>
        Add Step
      </button>
    </div>
  );
}
const FIREFOX = { type: 'USERBROWSER', operator: 'is', value: ['Firefox'], isEvent: false };
const THANKS = { type: 'LOCATION', operator: 'is', value: ['/thanks'], isEvent: true };
const FILLS = [
  fillSlot(sessionsSlots.sessionRows, { id: 'sessions.session-rows', component: RowsStandIn, order: 10 }),
  fillSlot(sessionsSlots.searchFilter, { id: 'sessions.search-filter', component: FilterBarStandIn, order: 10 }),
];

function funnelHost(routes: FakeRoutes = {}) {
  return fakeHost({
    routes: {
      [`POST ${BASE}/insights`]: (_path, body) => {
        const { firstStage, lastStage } = body as FunnelQueryBody;
        return firstStage ? funnel({ firstStage, lastStage: lastStage!, conversions: 70, criticalIssuesCount: 3 }) : funnel();
      },
      [`POST ${BASE}/issues`]: (_path, body) => {
        const { firstStage = 1, lastStage = 3 } = body as FunnelQueryBody;
        return issuesAnswer(undefined, { firstStage, lastStage });
      },
      [`POST ${BASE}/sessions`]: (_path, body) => {
        const { page } = body as FunnelSessionsBody;
        return { sessions: sessionsAnswer(page === 3 ? 5 : 10).sessions.map((s, i) => ({ ...s, sessionId: `p${page}-${i + 1}` })), total: 25 };
      },
      ...routes,
    },
  });
}

async function openFunnel(host: FakeHost = funnelHost(), url = BASE) {
  const page = renderPage(
    <UiRegistryContext.Provider value={{ fills: FILLS }}>
      <FunnelPage />
    </UiRegistryContext.Provider>,
    url,
    '/:siteId/funnels/:funnelId',
    { host },
  );
  await settle();
  return { page, host, container: page.container };
}

const calls = (host: FakeHost, part: 'insights' | 'issues' | 'sessions') => host.api.post.mock.calls.filter(([path]) => path === `${BASE}/${part}`).map(([, body]) => body as FunnelSessionsBody);
const field = (scope: ParentNode | null | undefined, name: string) => scope?.querySelector(`[data-field="${name}"]`)?.textContent?.trim();
const stages = (container: HTMLElement) => allByTestId(container, 'funnel-stage');
const rows = (container: HTMLElement) => allByTestId(container, 'row').map((r) => r.textContent);
const funnelChart = () => charts.filter((c) => c.chart?.height === 260).at(-1)!;
const meterChart = () => charts.filter((c) => c.chart?.width === 90).at(-1)!;

describe('the funnel page', () => {
  it('shows the funnel over the past 7 days: name, stages with counts and drops, and the summary', async () => {
    const { container, host } = await openFunnel();
    expect(field(container, 'funnel-name')).toBe('Checkout');
    expect(stages(container).map((s) => field(s, 'header'))).toEqual(['Visited URL is /cart', 'Visited URL is /checkout', 'Clicked on Pay now']);
    expect(stages(container).map((s) => [field(s, 'sessions'), field(s, 'users')])).toEqual([
      ['1,000 sessions', '800 users'],
      ['600 sessions', '500 users'],
      ['240 sessions', '210 users'],
    ]);
    expect(field(stages(container)[0], 'drop')).toBeUndefined();
    expect(stages(container).slice(1).map((s) => [field(s, 'drop-count'), field(s, 'drop-percentage')])).toEqual([
      ['400 dropped', '(40 %)'],
      ['360 dropped', '(60 %)'],
    ]);
    const summary = byTestId(container, 'funnel-summary');
    expect(field(summary, 'converted')).toBe('24 % (240 of 1,000)');
    expect([field(summary, 'conversions'), field(summary, 'lost-conversions'), field(summary, 'affected-users'), field(summary, 'critical-issues'), field(summary, 'meter-text')]).toEqual(['88 %', '120', '140', '2', 'Few Issues']);
    expect(meterChart().chart).toMatchObject({ width: 90, height: 30 });
    expect(funnelChart().chart?.animation).toBe(false);
    const body = { rangeValue: 'LAST_7_DAYS', startDate: expect.any(Number), endDate: expect.any(Number) };
    expect(calls(host, 'insights')).toEqual([body]);
    expect(calls(host, 'issues')).toEqual([body]);
    expect(calls(host, 'sessions')).toEqual([{ ...body, cohort: 'entered', page: 1, limit: 10 }]);
  });

  it('lists the issues with their bars, links and significance', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { container } = await openFunnel();
    expect(byTestId(container, 'funnel-issues')?.querySelector('h2')?.textContent).toBe('Issues between Step 1 and Step 3');
    const [rage, errors] = allByTestId(container, 'funnel-issue');
    expect([field(rage, 'name'), field(rage, 'title'), field(rage, 'context'), field(rage, 'significance')]).toEqual(['Click Rage', 'Click Rage on "Pay now"', 'Pay now', 'Significant']);
    expect(rage!.classList.contains('is-significant')).toBe(true);
    expect([field(errors, 'name'), field(errors, 'context'), field(errors, 'significance')]).toEqual(['Errors', undefined, 'Not significant']);
    // 5 affected, 995 unaffected, 1 lost: the small counts still get a tenth of the bar.
    const shares = (row: HTMLElement) => allByTestId(row, 'issue-bar').map((bar) => bar.querySelector<HTMLElement>('.cs-funnel-issue__bar-fill')!.dataset.share);
    expect(shares(errors!)).toEqual(['10', '99', '10']);
    expect(shares(rage!)).toEqual(['11', '81', '10']);
    expect(rage!.querySelector('[data-field="name"]')?.getAttribute('href')).toBe(`${BASE}/click_rage-pay`);
    expect(rage!.querySelector('[data-field="affectedSessions"]')?.getAttribute('href')).toBe(`${BASE}/click_rage-pay`);
    expect(rage!.querySelector('[data-field="lostConversions"]')?.getAttribute('href')).toBe(`${BASE}/click_rage-pay?cohort=dropped`);
    expect(field(rage, 'affected-users')).toBe('90 users');
    expect(field(rage, 'conversion-impact')).toBe('8 % impact');
    await hover(rage!.querySelector('.cs-tooltip-anchor'));
    await advance(500);
    expect(byTestId(rage!, 'significance')?.textContent).toBe("p-value (adjusted): 0.001Test: Fisher's exact test95 % confidence interval: +13.9 to +24.9 points of conversion without the issue");
  });

  it('lists the sessions through the sessions rows, page by page and by cohort', async () => {
    const { container, host } = await openFunnel();
    const sessions = byTestId(container, 'funnel-sessions')!;
    expect(field(sessions, 'sessions-caption')).toBe('Sessions that reached Step 1');
    expect(rows(container)).toHaveLength(10);
    expect(rows(container)[0]).toBe('p1-1');
    expect(field(sessions, 'showing')).toBe('Showing 10 of 25');
    await click(buttonNamed(sessions, 'Next'));
    await settle();
    expect(calls(host, 'sessions').at(-1)).toMatchObject({ page: 2, cohort: 'entered' });
    expect(rows(container)[0]).toBe('p2-1');
    await click(buttonNamed(sessions, 'Dropped'));
    await settle();
    expect(calls(host, 'sessions').at(-1)).toMatchObject({ page: 1, cohort: 'dropped' });
    expect(field(sessions, 'sessions-caption')).toBe('Sessions that reached Step 1 but not Step 3');
    expect(calls(host, 'insights')).toHaveLength(1);
    expect(calls(host, 'issues')).toHaveLength(1);
  });

  it('picking two stages fetches everything between them, keeping the old figures until the new ones come; clearing goes back', async () => {
    let release: (() => void) | null = null;
    const host = funnelHost();
    const insights = host.api.post.getMockImplementation()!;
    host.api.post.mockImplementation(async (path, body) => {
      if (path === `${BASE}/insights` && (body as FunnelQueryBody).firstStage) await new Promise<void>((resolve) => (release = resolve));
      return insights(path, body);
    });
    const { container, page } = await openFunnel(host);
    await click(byLabel(container, 'Pick Step 3'));
    expect(field(container, 'selection')).toBe('Step 3 picked: pick another step to see the issues between the two.');
    expect(calls(host, 'issues')).toHaveLength(1);
    await click(byLabel(container, 'Pick Step 2'));
    await settle();
    const span = { firstStage: 2, lastStage: 3 };
    expect(calls(host, 'insights').at(-1)).toMatchObject(span);
    expect(calls(host, 'issues').at(-1)).toMatchObject(span);
    expect(calls(host, 'sessions').at(-1)).toMatchObject({ ...span, cohort: 'entered', page: 1 });
    expect(new URLSearchParams(page.url.search).get('firstStage')).toBe('2');
    expect(new URLSearchParams(page.url.search).get('lastStage')).toBe('3');
    expect(byTestId(container, 'funnel-issues')?.querySelector('h2')?.textContent).toBe('Issues between Step 2 and Step 3');
    // The insights are refreshing: the old figures stay, marked as updating.
    expect(field(container, 'conversions')).toBe('88 %');
    expect(container.querySelector('[aria-label="Updating the figures"]')).not.toBeNull();
    release!();
    await settle();
    expect(field(container, 'conversions')).toBe('70 %');
    expect(field(container, 'meter-text')).toBe('Many Issues');
    expect(container.querySelector('[aria-label="Updating the figures"]')).toBeNull();
    expect(stages(container)[0]!.classList.contains('is-outside')).toBe(true);
    expect(field(container, 'selection')).toBe('Figures and issues between Step 2 and Step 3.');

    await click(buttonNamed(container, 'Clear selection'));
    await settle();
    expect(calls(host, 'insights').at(-1)).not.toHaveProperty('firstStage');
    expect(calls(host, 'issues').at(-1)).not.toHaveProperty('firstStage');
    expect(calls(host, 'sessions').at(-1)).not.toHaveProperty('firstStage');
    expect(page.url.search).toBe('');
  });

  it('every stage number opens the sessions behind it', async () => {
    const { container, host } = await openFunnel();
    await click(stages(container)[2]!.querySelector('[data-field="drop-count"]'));
    await settle();
    expect(calls(host, 'sessions').at(-1)).toMatchObject({ firstStage: 2, lastStage: 3, cohort: 'dropped', page: 1 });
    expect(field(container, 'sessions-caption')).toBe('Sessions that reached Step 2 but not Step 3');
    await click(stages(container)[1]!.querySelector('[data-field="users"]'));
    await settle();
    expect(calls(host, 'sessions').at(-1)).toMatchObject({ firstStage: 2, lastStage: 3, cohort: 'entered' });
    await click(stages(container)[2]!.querySelector('[data-field="sessions"]'));
    await settle();
    expect(calls(host, 'sessions').at(-1)).toMatchObject({ firstStage: 2, lastStage: 3, cohort: 'converted' });
    await click(buttonNamed(container, 'Back to the whole funnel'));
    await settle();
    expect(calls(host, 'sessions').at(-1)).not.toHaveProperty('firstStage');
    expect(calls(host, 'issues')).toHaveLength(1);
  });

  it('a new date range fetches everything again and goes into the URL', async () => {
    const { container, host, page } = await openFunnel();
    await click(byTestId(container, 'date-range-button'));
    await click([...container.querySelectorAll('[role="menuitemradio"]')].find((item) => item.textContent === 'Past 30 Days'));
    await settle();
    for (const part of ['insights', 'issues', 'sessions'] as const) expect(calls(host, part).at(-1)).toMatchObject({ rangeValue: 'LAST_30_DAYS' });
    expect(page.url.search).toBe('?rangeValue=LAST_30_DAYS');
  });

  it('offers the last 24 hours, this month, last month and this year besides the six of part 1 (part 2 §9)', async () => {
    const { container, host } = await openFunnel();
    await click(byTestId(container, 'date-range-button'));
    expect([...container.querySelectorAll('[role="menuitemradio"]')].map((i) => i.textContent)).toEqual(['30 Minutes', 'Today', 'Yesterday', 'Past 24 Hours', 'Past 7 Days', 'Past 30 Days', 'This Month', 'Last Month', 'This Year', 'Custom Range']);
    await click([...container.querySelectorAll('[role="menuitemradio"]')].find((item) => item.textContent === 'Last Month'));
    await settle();
    expect(calls(host, 'insights').at(-1)).toMatchObject({ rangeValue: 'LAST_MONTH' });
  });

  it('starts from the range and span in the URL', async () => {
    const { host } = await openFunnel(funnelHost(), `${BASE}?rangeValue=LAST_30_DAYS&firstStage=1&lastStage=2`);
    expect(calls(host, 'issues')).toEqual([{ rangeValue: 'LAST_30_DAYS', startDate: expect.any(Number), endDate: expect.any(Number), firstStage: 1, lastStage: 2 }]);
  });

  it("says so when no session went through the first step, and what to do", async () => {
    const emptyStages = [stage({ sessionsCount: 0, usersCount: 0 }), stage({ label: 'Step 2', sessionsCount: 0, usersCount: 0 })];
    const { container } = await openFunnel(funnelHost({ [`POST ${BASE}/insights`]: () => funnel({ stages: emptyStages, sessionsCount: 0 }) }));
    const empty = byTestId(container, 'funnel-empty')!;
    expect(empty.textContent).toContain('No sessions in this range');
    expect(empty.textContent).toContain('reached Step 1 (Visited URL is /cart). Choose a wider date range');
    expect(byTestId(container, 'funnel-issues')).toBeNull();
  });

  it('tells a missing funnel', async () => {
    const { container } = await openFunnel(
      funnelHost({
        [`POST ${BASE}/insights`]: () => {
          throw new ApiError(404, ['Funnel not found']);
        },
      }),
    );
    expect(container.textContent).toContain('This funnel does not exist');
    expect(container.querySelector('a[href="/7/sessions"]')).not.toBeNull();
  });

  it('says why the funnel could not be loaded, and retries', async () => {
    let fail = true;
    const { container } = await openFunnel(
      funnelHost({
        [`POST ${BASE}/insights`]: () => {
          if (fail) throw new ApiError(500, ['Database is down']);
          return funnel();
        },
      }),
    );
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Database is down');
    fail = false;
    await click(buttonNamed(container, 'Retry'));
    await settle();
    expect(field(container, 'funnel-name')).toBe('Checkout');
  });

  it('shows the figures when only the issues fail, with a Retry for them', async () => {
    let fail = true;
    const { container, host } = await openFunnel(
      funnelHost({
        [`POST ${BASE}/issues`]: () => {
          if (fail) throw new ApiError(500, ['Issues timed out']);
          return issuesAnswer();
        },
      }),
    );
    const issues = byTestId(container, 'funnel-issues')!;
    expect(issues.textContent).toContain('Issues timed out');
    expect(field(container, 'conversions')).toBe('88 %');
    fail = false;
    await click(buttonNamed(issues, 'Retry'));
    await settle();
    expect(allByTestId(container, 'funnel-issue')).toHaveLength(2);
    expect(calls(host, 'insights')).toHaveLength(1);
  });

  it("lets the author rename the funnel in place and modify its sharing", async () => {
    const { container, host } = await openFunnel(funnelHost({ [`POST ${BASE}`]: (_path, body) => ({ ...funnel(), ...(body as object) }) }));
    await click(byLabel(container, 'Funnel name: Checkout, click to edit'));
    const input = byLabel<HTMLInputElement>(container, 'Funnel name')!;
    typeInto(input, 'Paying');
    await pressKey(input, 'Enter');
    await settle();
    expect(host.api.post).toHaveBeenCalledWith(BASE, { name: 'Paying' });
    expect(field(container, 'funnel-name')).toBe('Paying');
    await click(buttonNamed(container, 'Edit'));
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(buttonNamed(dialog, 'Modify')).not.toBeNull();
    await click(byLabel(dialog, 'Shared with team'));
    await click(buttonNamed(dialog, 'Modify'));
    await settle();
    expect(host.api.post).toHaveBeenLastCalledWith(BASE, { name: 'Paying', isPublic: true });
    expect(field(container, 'shared')).toBe('Shared with team');
    expect(calls(host, 'insights')).toHaveLength(1);
  });

  it("shows a teammate's funnel without renaming or editing", async () => {
    const { container } = await openFunnel(funnelHost({ [`POST ${BASE}/insights`]: () => funnel({ userId: 2, isPublic: true }) }));
    expect(field(container, 'funnel-name')).toBe('Checkout');
    expect(container.querySelector('.cs-editable-text')).toBeNull();
    expect(buttonNamed(container, 'Edit')).toBeNull();
  });

  describe('the filter editor', () => {
    const st = (n: number, sessionsCount: number, dropCount: number) => stage({ label: `Step ${n}`, sessionsCount, dropCount });
    const edited = { ...funnel().filter, filters: [FIREFOX] };
    /** The server counts the edited filter: Firefox visitors are fewer. */
    const countingEdits = (routes: FakeRoutes = {}) =>
      funnelHost({
        [`POST ${BASE}/insights`]: (_path, body) => ((body as FunnelQueryBody).filter ? funnel({ stages: [st(1, 400, 0), st(2, 100, 300), st(3, 50, 50)] }) : funnel()),
        ...routes,
      });

    it("shows the funnel's steps in the search's filter bar; a change re-fetches insights, issues and sessions over it once it settles", async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
      const { container, host } = await openFunnel(countingEdits());
      expect(field(container, 'bar-steps')).toBe('/cart > /checkout > Pay now');
      expect(byTestId(container, 'funnel-filter-changes')).toBeNull();
      await click(buttonNamed(container, 'Add Firefox'));
      // Waits for the filter to settle before asking.
      expect(calls(host, 'insights')).toHaveLength(1);
      await advance(FUNNEL_FILTER_REFETCH_MS);
      await settle();
      const body = { rangeValue: 'LAST_7_DAYS', startDate: expect.any(Number), endDate: expect.any(Number), filter: edited };
      expect(calls(host, 'insights')).toEqual([expect.not.objectContaining({ filter: expect.anything() }), body]);
      expect(calls(host, 'issues').at(-1)).toEqual(body);
      expect(calls(host, 'sessions').at(-1)).toEqual({ ...body, cohort: 'entered', page: 1, limit: 10 });
      expect(stages(container).map((st) => field(st, 'sessions'))).toEqual(['400 sessions', '100 sessions', '50 sessions']);
      expect(byTestId(container, 'funnel-filter-changes')?.textContent).toContain('not saved until you Modify the funnel');
      // Discarding goes back to the saved filter.
      await click(buttonNamed(container, 'Discard changes'));
      await advance(FUNNEL_FILTER_REFETCH_MS);
      await settle();
      expect(calls(host, 'issues').at(-1)).not.toHaveProperty('filter');
      expect(stages(container).map((st) => field(st, 'sessions'))).toEqual(['1,000 sessions', '600 sessions', '240 sessions']);
    });

    it('lets the author save the changed filter with Modify, over the range and span shown', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
      const saved: Funnel = funnel({ name: 'Firefox checkout', filter: edited, stages: [st(1, 400, 0), st(2, 100, 300), st(3, 50, 50)] });
      const { container, host } = await openFunnel(countingEdits({ [`POST ${BASE}`]: () => saved }), `${BASE}?firstStage=1&lastStage=2`);
      await click(buttonNamed(container, 'Add Firefox'));
      await advance(FUNNEL_FILTER_REFETCH_MS);
      await settle();
      await click(buttonNamed(byTestId(container, 'funnel-filter-changes')!, 'Modify'));
      const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
      expect(dialog.textContent).toContain('Saves the steps and filters as you changed them on this page.');
      typeInto(byLabel<HTMLInputElement>(dialog, 'Name')!, 'Firefox checkout');
      await click(buttonNamed(dialog, 'Modify'));
      await settle();
      expect(host.api.post).toHaveBeenLastCalledWith(BASE, { name: 'Firefox checkout', isPublic: false, filter: edited, rangeValue: 'LAST_7_DAYS', startDate: expect.any(Number), endDate: expect.any(Number), firstStage: 1, lastStage: 2 });
      expect(document.querySelector('[role="dialog"]')).toBeNull();
      expect(field(container, 'funnel-name')).toBe('Firefox checkout');
      expect(byTestId(container, 'funnel-filter-changes')).toBeNull();
      // Saved: the page asks over the saved filter again.
      await click(stages(container)[1]!.querySelector('[data-field="drop-count"]'));
      await settle();
      expect(calls(host, 'sessions').at(-1)).not.toHaveProperty('filter');
    });

    it("lets a teammate explore changes to a shared funnel, not save them", async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
      const { container, host } = await openFunnel(
        countingEdits({ [`POST ${BASE}/insights`]: (_path, body) => funnel({ userId: 2, isPublic: true, ...((body as FunnelQueryBody).filter ? { stages: [st(1, 400, 0), st(2, 100, 300), st(3, 50, 50), st(4, 10, 40)] } : {}) }) }),
        `${BASE}?firstStage=2&lastStage=3`,
      );
      await click(buttonNamed(container, 'Add Step'));
      await advance(FUNNEL_FILTER_REFETCH_MS);
      await settle();
      expect(calls(host, 'issues').at(-1)).toMatchObject({ firstStage: 2, lastStage: 3, filter: { events: [...funnel().filter.events, THANKS] } });
      expect(stages(container)).toHaveLength(4);
      // The new fourth step can be picked.
      await click(byLabel(stages(container)[3]!, 'Pick Step 4'));
      await click(byLabel(stages(container)[0]!, 'Pick Step 1'));
      await settle();
      expect(calls(host, 'issues').at(-1)).toMatchObject({ firstStage: 1, lastStage: 4, filter: { events: [...funnel().filter.events, THANKS] } });
      const changes = byTestId(container, 'funnel-filter-changes')!;
      expect(changes.textContent).toContain('Only the author of this funnel can save them.');
      expect(buttonNamed(changes, 'Modify')).toBeNull();
    });
    it('opens an issue over the edit, and Back to the funnel finds the edit again', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
      const host = countingEdits({ [`POST ${BASE}/issues/click_rage-pay/sessions`]: () => ({ issue: issue(), total: 0, sessions: [] }) });
      const page = renderPage(
        <UiRegistryContext.Provider value={{ fills: FILLS }}>
          <Routes>
            <Route path="/:siteId/funnels/:funnelId" element={<FunnelPage />} />
            <Route path="/:siteId/funnels/:funnelId/:issueId" element={<FunnelIssuePage />} />
          </Routes>
        </UiRegistryContext.Provider>,
        BASE,
        '*',
        { host },
      );
      await settle();
      await click(buttonNamed(page.container, 'Add Firefox'));
      await advance(FUNNEL_FILTER_REFETCH_MS);
      await settle();
      await click(byTestId(page.container, 'funnel-issue')!.querySelector('[data-field="name"]'));
      await settle();
      expect(host.api.post).toHaveBeenLastCalledWith(`${BASE}/issues/click_rage-pay/sessions`, expect.objectContaining({ filter: edited, cohort: 'entered' }));
      expect(byTestId(page.container, 'issue-edited-filter')).not.toBeNull();
      await click(byTestId(page.container, 'back-to-funnel'));
      await settle();
      expect(calls(host, 'insights').at(-1)).toMatchObject({ filter: edited });
      expect(byTestId(page.container, 'funnel-filter-changes')).not.toBeNull();
    });
  });

  describe("the summary's counts", () => {
    it('open the sessions that entered and converted over the span', async () => {
      const { container, host } = await openFunnel();
      const summary = byTestId(container, 'funnel-summary')!;
      await click(summary.querySelector('[data-field="converted-sessions"]'));
      await settle();
      expect(calls(host, 'sessions').at(-1)).toMatchObject({ firstStage: 1, lastStage: 3, cohort: 'converted', page: 1 });
      await click(summary.querySelector('[data-field="entered-sessions"]'));
      await settle();
      expect(calls(host, 'sessions').at(-1)).toMatchObject({ firstStage: 1, lastStage: 3, cohort: 'entered' });
    });

    it("open the one critical issue's sessions: those that dropped for lost conversions, all affected for affected users", async () => {
      const { container } = await openFunnel(funnelHost({ [`POST ${BASE}/insights`]: () => funnel({ criticalIssuesCount: 1 }) }), `${BASE}?rangeValue=LAST_30_DAYS`);
      const summary = byTestId(container, 'funnel-summary')!;
      expect(summary.querySelector('[data-field="lost-conversions-sessions"]')?.getAttribute('href')).toBe(`${BASE}/click_rage-pay?rangeValue=LAST_30_DAYS&cohort=dropped`);
      expect(summary.querySelector('[data-field="affected-users-sessions"]')?.getAttribute('href')).toBe(`${BASE}/click_rage-pay?rangeValue=LAST_30_DAYS`);
    });

    it('open the sessions any of several critical issues affected, each once, on one page', async () => {
      const payError = issue({ issueId: 'js_exception-x', title: 'Errors on "pay is undefined"' });
      const host = funnelHost({
        [`POST ${BASE}/issues`]: () => issuesAnswer([issue(), payError, MINOR_ERRORS_ISSUE]),
        [`POST ${BASE}/issues/sessions`]: (_path, body) => {
          const { cohort } = body as FunnelSessionsBody;
          const ids = cohort === 'dropped' ? ['both', 'rage-only'] : ['both', 'rage-only', 'error-only'];
          return { issues: [issue(), payError], total: ids.length, sessions: ids.map((sessionId) => sessionSummary({ sessionId })) };
        },
      });
      const page = renderPage(
        <UiRegistryContext.Provider value={{ fills: FILLS }}>
          <Routes>
            <Route path="/:siteId/funnels/:funnelId" element={<FunnelPage />} />
            <Route path="/:siteId/funnels/:funnelId/:issueId" element={<FunnelIssuePage />} />
            <Route path="/:siteId/funnels/:funnelId/issues" element={<IssuesSessionsPage />} />
          </Routes>
        </UiRegistryContext.Provider>,
        `${BASE}?rangeValue=LAST_30_DAYS`,
        '*',
        { host },
      );
      await settle();
      const summary = byTestId(page.container, 'funnel-summary')!;
      // The two critical issues, not the minor one.
      const union = `${BASE}/issues?rangeValue=LAST_30_DAYS&issues=click_rage-pay%2Cjs_exception-x`;
      expect(summary.querySelector('[data-field="affected-users-sessions"]')?.getAttribute('href')).toBe(union);
      expect(summary.querySelector('[data-field="lost-conversions-sessions"]')?.getAttribute('href')).toBe(`${BASE}/issues?rangeValue=LAST_30_DAYS&cohort=dropped&issues=click_rage-pay%2Cjs_exception-x`);
      await click(summary.querySelector('[data-field="lost-conversions-sessions"]'));
      await settle();
      expect(host.api.post).toHaveBeenLastCalledWith(`${BASE}/issues/sessions`, expect.objectContaining({ issueIds: ['click_rage-pay', 'js_exception-x'], cohort: 'dropped', page: 1, limit: 10 }));
      expect(rows(page.container)).toEqual(['both', 'rage-only']);
      expect(field(byTestId(page.container, 'issues-header'), 'title')).toBe('Sessions that met any of the 2 critical issues');
      expect(allByTestId(page.container, 'union-issue').map((li) => li.querySelector('a')?.getAttribute('href'))).toEqual([`${BASE}/click_rage-pay?rangeValue=LAST_30_DAYS&cohort=dropped`, `${BASE}/js_exception-x?rangeValue=LAST_30_DAYS&cohort=dropped`]);
      await click(byTestId(page.container, 'back-to-funnel'));
      await settle();
      await click(byTestId(page.container, 'funnel-summary')!.querySelector('[data-field="affected-users-sessions"]'));
      await settle();
      expect(host.api.post).toHaveBeenLastCalledWith(`${BASE}/issues/sessions`, expect.objectContaining({ issueIds: ['click_rage-pay', 'js_exception-x'], cohort: 'entered' }));
      expect(rows(page.container)).toEqual(['both', 'rage-only', 'error-only']);
    });

    it('point to the issues list while the critical issues load, and open nothing when none is', async () => {
      const several = await openFunnel(funnelHost({ [`POST ${BASE}/issues`]: () => new Promise(() => {}) }));
      const scrolled = vi.fn();
      document.getElementById('cs-funnel-issues-title')!.scrollIntoView = scrolled;
      await click(byTestId(several.container, 'funnel-summary')!.querySelector('button[data-field="lost-conversions-sessions"]'));
      expect(scrolled).toHaveBeenCalled();
      cleanup();
      const none = await openFunnel(funnelHost({ [`POST ${BASE}/insights`]: () => funnel({ criticalIssuesCount: 0, lostConversions: 0, affectedUsers: 0 }), [`POST ${BASE}/issues`]: () => issuesAnswer([]) }));
      const summary = byTestId(none.container, 'funnel-summary')!;
      expect(summary.querySelector('button[data-field="lost-conversions-sessions"], a[data-field="lost-conversions-sessions"]')).toBeNull();
      expect(field(summary, 'lost-conversions-sessions')).toBe('0');
    });
  });
});
