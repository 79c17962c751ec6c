// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allByTestId, buttonNamed, cleanup, click, fakeHost, renderPage, settle, type FakeRoutes } from '@cassette/plugin-sdk/testing/ui';
import type { ContributedTimelineMarker, Session } from '@cassette/plugin-sessions/api';
import { ApiError } from '@cassette/plugin-sdk/ui';
import type { BackendLogLine } from '../shared/integration.js';
import BackendLogMarkers from './backend-log-markers.js';
import BackendLogsPanel from './backend-logs.panel.js';

afterEach(cleanup);

const START = 1_700_000_000_000;
// Only what the fills read of a session.
const SESSION = { sessionId: 's-42', startedAt: START, duration: 60_000 } as Session;
const ROUTE = 'GET /7/sessions2/s-42/backend_logs';

const line = (index: number, at: number, level: BackendLogLine['level'], message: string): BackendLogLine => ({ time: START + at, index, name: '', message, payload: null, source: 'datadog', level });
const LINES = [line(1, 12_500, 'error', 'payment declined'), line(0, 1_200, 'info', 'GET /api/cart 200'), line(2, 20_000, 'warn', 'retrying charge')];

/** The timeline's fill and, when asked, the panel beside it, as the player shows them. */
function show(routes: FakeRoutes, withPanel = false) {
  const shown: (readonly ContributedTimelineMarker[])[] = [];
  const showMarkers = vi.fn((markers: readonly ContributedTimelineMarker[]) => shown.push(markers));
  const host = fakeHost({ routes });
  renderPage(
    <>
      <BackendLogMarkers projectId={7} session={SESSION} showMarkers={showMarkers} />
      {withPanel && <BackendLogsPanel projectId={7} session={SESSION} currentTime={0} seek={vi.fn()} />}
    </>,
    '/7/session/s-42',
    '/:siteId/session/:sessionId',
    { host },
  );
  return { shown, host };
}

describe('backend log lines on the timeline', () => {
  it('contributes one marker per line, at its moment, with its level', async () => {
    const { shown } = show({ [ROUTE]: () => ({ lines: LINES, failures: [] }) });
    await settle();
    expect(shown.at(-1)!.map((m) => [m.time, m.level, m.label])).toEqual([
      [1_200, 'info', 'info · datadog: GET /api/cart 200'],
      [12_500, 'error', 'error · datadog: payment declined'],
      [20_000, 'warn', 'warn · datadog: retrying charge'],
    ]);
  });

  it('asks for the lines once for the timeline and the panel together', async () => {
    let asked = 0;
    show({ [ROUTE]: () => (asked++, { lines: LINES, failures: [] }) }, true);
    await settle();
    expect(asked).toBe(1);
    expect(allByTestId(document.body, 'backend-log-line')).toHaveLength(3);
  });

  it("draws nothing while the call fails, and the panel's Try again brings the markers too", async () => {
    let refuse = true;
    const { shown } = show(
      {
        [ROUTE]: () => {
          if (refuse) throw new ApiError(502, ['Datadog did not answer.']);
          return { lines: LINES, failures: [] };
        },
      },
      true,
    );
    await settle();
    expect(shown.at(-1)).toEqual([]);
    expect(document.body.textContent).toContain('Datadog did not answer.');
    refuse = false;
    await click(buttonNamed(document.body, 'Try again'));
    await settle();
    expect(shown.at(-1)).toHaveLength(3);
    expect(allByTestId(document.body, 'backend-log-line')).toHaveLength(3);
  });
});
