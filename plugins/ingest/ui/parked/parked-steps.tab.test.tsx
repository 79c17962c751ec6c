// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { answerRoutes, buttonNamed, cleanup, click, fakeHost, renderPage, settle } from '@cassette/plugin-sdk/testing/ui';
import type { ParkedStep, ParkedStepList } from '../../shared/parked.js';
import ParkedStepsTab from './parked-steps.tab.js';

afterEach(cleanup);

const BATCH: ParkedStep = {
  id: 11,
  projectId: 7,
  projectName: 'Shop',
  sessionId: '1795689430094010557',
  step: 'batch',
  seq: 3,
  processor: 'sessions.summary',
  error: 'Error 22P02: invalid input syntax for type json: "…"',
  attempts: 10,
  parkedAt: Date.UTC(2026, 10, 1, 9, 30),
};
const START: ParkedStep = { ...BATCH, id: 12, sessionId: '1795689430094010999', step: 'sessionStarted', seq: undefined, processor: 'errors.grouping', error: 'Error: the store is down' };

/** A host whose server keeps `parked` and answers the tab's three routes. */
function serverWith(parked: ParkedStep[]) {
  let steps = [...parked];
  const host = fakeHost({
    routes: {
      'GET /client/ingest/parked': (): ParkedStepList => ({ steps, total: steps.length }),
    },
  });
  return {
    host,
    fixed: () =>
      answerRoutes(host, {
        [`POST /client/ingest/parked/${BATCH.id}/retry`]: () => {
          steps = steps.filter((s) => s.id !== BATCH.id);
          return { id: BATCH.id, outcome: 'processed' };
        },
        'POST /client/ingest/parked/retry': () => {
          const processed = steps.length;
          steps = [];
          return { processed, failing: 0, gone: 0, busy: 0, remaining: 0 };
        },
      }),
    stillBroken: () =>
      answerRoutes(host, {
        [`POST /client/ingest/parked/${BATCH.id}/retry`]: () => ({ id: BATCH.id, outcome: 'failing', processor: 'sessions.summary', error: 'Error: still down' }),
      }),
  };
}

async function mount(host: ReturnType<typeof fakeHost>) {
  const page = renderPage(<ParkedStepsTab />, '/client/processing', '/client/:tab', { host });
  await settle();
  return page.container;
}

const rows = (view: HTMLElement) => [...view.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()));
const retryButton = (view: HTMLElement, label: string) => [...view.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === label)!;

describe('Preferences › Processing (parked steps)', () => {
  it('lists each parked step with its project, session link, step, processor, error and time', async () => {
    const { host } = serverWith([BATCH, START]);
    const view = await mount(host);
    expect(rows(view)).toEqual([
      ['Shop', BATCH.sessionId, 'batch 3', 'sessions.summary', BATCH.error, 'Nov 01, 2026, 09:3010 attempts', 'Retry'],
      ['Shop', START.sessionId, 'session start', 'errors.grouping', 'Error: the store is down', 'Nov 01, 2026, 09:3010 attempts', 'Retry'],
    ]);
    expect(view.querySelector(`a[href="/7/session/${BATCH.sessionId}"]`)).not.toBeNull();
  });

  it('retries one step: says when it still fails and what to do, then that it was processed, and reloads the list', async () => {
    const { host, fixed, stillBroken } = serverWith([BATCH, START]);
    const view = await mount(host);
    stillBroken();
    await click(retryButton(view, `Retry batch 3 of session ${BATCH.sessionId}`));
    await settle();
    expect(host.api.post).toHaveBeenCalledWith(`/client/ingest/parked/${BATCH.id}/retry`);
    expect(host.toast).toHaveBeenLastCalledWith('Batch 3 still fails in sessions.summary: Error: still down Fix the cause (the full error is in the server log), then retry.', 'error');
    expect(rows(view)).toHaveLength(2);

    fixed();
    await click(retryButton(view, `Retry batch 3 of session ${BATCH.sessionId}`));
    await settle();
    expect(host.toast).toHaveBeenLastCalledWith(`Batch 3 of session ${BATCH.sessionId} was processed.`, 'success');
    expect(rows(view).map((r) => r[2])).toEqual(['session start']);
  });

  it('retries all, then shows that nothing is parked', async () => {
    const { host, fixed } = serverWith([BATCH, START]);
    fixed();
    const view = await mount(host);
    await click(buttonNamed(view, 'Retry all'));
    await settle();
    expect(host.toast).toHaveBeenLastCalledWith('2 steps processed. Nothing is parked any more.', 'success');
    expect(view.textContent).toContain('Nothing is parked');
    expect(buttonNamed(view, 'Retry all')?.disabled).toBe(true);
  });

  it("passes on the server's refusal (a session being processed), and says what to do when the list cannot load", async () => {
    const { host } = serverWith([BATCH]);
    answerRoutes(host, {
      [`POST /client/ingest/parked/${BATCH.id}/retry`]: () => {
        throw new ApiError(409, ['This session is being processed right now: retry it in a minute.']);
      },
    });
    const view = await mount(host);
    await click(retryButton(view, `Retry batch 3 of session ${BATCH.sessionId}`));
    await settle();
    expect(host.toast).toHaveBeenLastCalledWith('This session is being processed right now: retry it in a minute.', 'error');

    const down = fakeHost({
      routes: {
        'GET /client/ingest/parked': () => {
          throw new ApiError(503, ['The server is busy.']);
        },
      },
    });
    const failed = await mount(down);
    expect(failed.querySelector('[role="alert"]')?.textContent).toBe('The parked steps could not be loaded: The server is busy.Reload the page to try again.');
  });
});
