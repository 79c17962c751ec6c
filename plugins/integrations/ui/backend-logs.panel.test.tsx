// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { allByTestId, buttonNamed, byLabel, byTestId, chooseOption, cleanup, click, fakeHost, renderPage, settle, type FakeRoutes } from '@cassette/plugin-sdk/testing/ui';
import type { Session } from '@cassette/plugin-sessions/api';
import { SESSION_TAG } from '../api.js';
import type { BackendLogLine } from '../shared/integration.js';
import BackendLogsPanel, { NO_LINES_TITLE } from './backend-logs.panel.js';

afterEach(cleanup);

const START = 1_700_000_000_000;
// Only what the panel reads of a session.
const SESSION = { sessionId: 's-42', startedAt: START, duration: 60_000 } as Session;

const line = (index: number, at: number, level: BackendLogLine['level'], source: string, message: string, payload: BackendLogLine['payload'] = null): BackendLogLine => ({
  time: START + at,
  index,
  name: source === 'sentry' ? 'api' : '',
  message,
  payload,
  source,
  level,
});

// Out of order on purpose: the panel puts them on the player's clock.
const LINES = [
  line(2, 12_500, 'error', 'datadog', 'payment declined', { orderId: 'o-9', code: 'card_declined' }),
  line(0, 1_200, 'info', 'sentry', 'GET /api/cart 200'),
  line(1, 4_000, 'warn', 'sentry', 'slow query: 850 ms'),
];

function show(routes: FakeRoutes, currentTime = 0) {
  const seek = vi.fn();
  const host = fakeHost({ routes });
  const page = renderPage(<BackendLogsPanel projectId={7} session={SESSION} currentTime={currentTime} seek={seek} />, '/7/session/s-42', '/:siteId/session/:sessionId', { host });
  return { ...page, seek, at: (time: number) => page.rerender(<BackendLogsPanel projectId={7} session={SESSION} currentTime={time} seek={seek} />) };
}

const lines = () => allByTestId(document.body, 'backend-log-line');
const current = () => document.querySelector('[data-testid="backend-log-line"][aria-current="true"]');

describe('Backend logs panel', () => {
  it("lists the session's lines on the player's clock and follows the player", async () => {
    const { at } = show({ 'GET /7/sessions2/s-42/backend_logs': () => ({ lines: LINES, failures: [] }) });
    await settle();
    const cells = (row: HTMLElement) => ['time', 'level', 'source', 'text'].map((cell) => row.querySelector(`.backend-logs__${cell}`)!.textContent);
    expect(lines().map(cells)).toEqual([
      ['00:01', 'info', 'sentry · api', 'GET /api/cart 200'],
      ['00:04', 'warn', 'sentry · api', 'slow query: 850 ms'],
      ['00:12', 'error', 'datadog', 'payment declined'],
    ]);
    expect(current()).toBeNull();
    at(5_000);
    expect(current()!.textContent).toContain('slow query: 850 ms');
    at(13_000);
    expect(current()!.textContent).toContain('payment declined');
  });

  it('seeks to a line when clicked, and opens its payload without seeking', async () => {
    const { seek } = show({ 'GET /7/sessions2/s-42/backend_logs': () => ({ lines: LINES, failures: [] }) });
    await settle();
    await click(lines()[1]);
    expect(seek).toHaveBeenCalledWith(4_000);
    await click(byLabel(lines()[2]!, 'Show payload'));
    expect(seek).toHaveBeenCalledTimes(1);
    expect(JSON.parse(byTestId(lines()[2]!, 'backend-log-payload')!.textContent!)).toEqual({ orderId: 'o-9', code: 'card_declined' });
    await click(byLabel(lines()[2]!, 'Hide payload'));
    expect(byTestId(document.body, 'backend-log-payload')).toBeNull();
  });

  it('filters by level and by source', async () => {
    show({ 'GET /7/sessions2/s-42/backend_logs': () => ({ lines: LINES, failures: [] }) });
    await settle();
    await chooseOption(byLabel<HTMLSelectElement>(document.body, 'Level'), 'error');
    expect(lines().map((l) => l.querySelector('.backend-logs__text')!.textContent)).toEqual(['payment declined']);
    await chooseOption(byLabel<HTMLSelectElement>(document.body, 'Level'), 'all');
    await chooseOption(byLabel<HTMLSelectElement>(document.body, 'Source'), 'sentry');
    expect(lines()).toHaveLength(2);
    expect(document.body.textContent).toContain('2 of 3 lines');
  });

  it("says which source failed and why, beside the other sources' lines", async () => {
    show({
      'GET /7/sessions2/s-42/backend_logs': () => ({ lines: [LINES[1]], failures: [{ source: 'datadog', message: 'Datadog refused the API key: check the application key too.' }] }),
    });
    await settle();
    expect(allByTestId(document.body, 'backend-logs-failure').map((f) => f.textContent)).toEqual(['datadog: Datadog refused the API key: check the application key too.']);
    expect(lines()).toHaveLength(1);
  });

  it('explains the session tag when no line was found', async () => {
    show({ 'GET /7/sessions2/s-42/backend_logs': () => ({ lines: [], failures: [] }) });
    await settle();
    expect(document.body.textContent).toContain(NO_LINES_TITLE);
    expect(document.body.textContent).toContain(`${SESSION_TAG}=<session id>`);
  });

  it('shows a refused call and tries again', async () => {
    let refuse = true;
    show({
      'GET /7/sessions2/s-42/backend_logs': () => {
        if (refuse) throw new ApiError(403, ['You need the Developer Tools permission.']);
        return { lines: LINES, failures: [] };
      },
    });
    await settle();
    expect(document.body.textContent).toContain('You need the Developer Tools permission.');
    refuse = false;
    await click(buttonNamed(document.body, 'Try again'));
    await settle();
    expect(lines()).toHaveLength(3);
  });
});
