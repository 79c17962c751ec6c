// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { buttonNamed, cleanup, click, fakeHost, renderPage, settle } from '@cassette/plugin-sdk/testing/ui';
import type { Test } from '../../shared/model.js';
import TestsPage from './tests.page.js';

afterEach(cleanup);

const test: Test = {
  testId: 5,
  name: 'Checkout',
  steps: [],
  framework: 'selenium',
  generated: true,
  tags: ['smoke'],
  runHistory: [
    { runId: 3, state: 'running', startedAt: Date.now() - 5000, finishedAt: null, scheduled: false },
    { runId: 2, state: 'passed', startedAt: Date.now() - 60_000, finishedAt: Date.now() - 50_000, scheduled: true },
    { runId: 1, state: 'failed', startedAt: Date.now() - 120_000, finishedAt: Date.now() - 110_000, scheduled: true },
  ],
  editedAt: 0,
  createdAt: 0,
  seqId: 1,
  uptime: 50,
};

describe('tests page', () => {
  it('shows run history and uptime, and stops every run after the confirmation', async () => {
    const h = fakeHost({ routes: { 'GET /7/tests': () => [test], 'POST /7/runs/stop': () => ({ stopped: [3] }) } });
    const page = renderPage(<TestsPage />, '/7/tests', '/:siteId/tests', { host: h });
    await settle();
    expect([...page.container.querySelectorAll('[aria-label="Run history"] a')].map((a) => a.getAttribute('aria-label'))).toEqual(['Run 3 running', 'Run 2 passed', 'Run 1 failed']);
    expect(page.container.textContent).toContain('50%');
    await click(buttonNamed(page.container, 'Stop all'));
    expect(h.api.post).not.toHaveBeenCalled();
    await click(buttonNamed(document.body.querySelector('[role="dialog"]')!, 'Stop all'));
    await settle();
    expect(h.api.post).toHaveBeenCalledWith('/7/runs/stop', {});
    expect(h.api.get).toHaveBeenCalledTimes(2);
  });
});
