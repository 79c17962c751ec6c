// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { buttonNamed, byLabel, chooseOption, cleanup, click, fakeHost, renderPage, settle, typeInto } from '@cassette/plugin-sdk/testing/ui';
import type { Scheduler, Test } from '../../shared/model.js';
import SchedulersPage from './schedulers.page.js';

afterEach(cleanup);

const test = { testId: 5, name: 'Checkout', steps: [], framework: 'selenium', generated: false, tags: [], runHistory: [], editedAt: 0, createdAt: 0, seqId: 1, uptime: null } as Test;
const scheduler: Scheduler = {
  schedulerId: 3,
  testId: 5,
  name: 'Nightly checkout',
  minutes: 30,
  hour: 120,
  localHour: 2,
  timezone: 'UTC',
  day: -1,
  device: 'desktop',
  locations: [],
  advancedOptions: { headers: {}, cookies: [], network: 'wifi', bypassCSP: false },
  notifications: [{ type: 'webhook', value: '8' }],
  nextExecutionTime: Date.UTC(2026, 10, 28, 2),
  numberOFExecutions: 4,
  active: true,
};

function host() {
  return fakeHost({
    routes: {
      'GET /7/schedulers': () => [scheduler],
      'GET /7/tests': () => [test],
      'GET /7/environments': () => [],
      'GET /webhooks': () => [{ webhookId: 8, type: 'webhook', name: 'Ops', authHeaderSet: false, createdAt: 0 }],
      'POST /7/schedulers': () => scheduler,
      'PUT /7/schedulers/3': () => scheduler,
      'POST /7/schedulers/3/run': () => ({ runId: 11 }),
      'DELETE /7/schedulers/3': () => ({ deleted: true }),
    },
  });
}

describe('schedulers page', () => {
  it('lists each scheduler with its test, frequency, next execution and count; runs one now', async () => {
    const h = host();
    const page = renderPage(<SchedulersPage />, '/7/tests/schedulers', '/:siteId/tests/schedulers', { host: h });
    await settle();
    const row = page.container.querySelector('tbody tr')!;
    expect([...row.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent)).toEqual(['Nightly checkout', 'Checkout', 'Everyday at 02:00 (UTC)', expect.stringContaining('02:00'), '4']);
    await click(buttonNamed(page.container, 'Run now'));
    await settle();
    expect(h.api.post).toHaveBeenCalledWith('/7/schedulers/3/run', {});
  });

  it('creates a scheduler every 15 minutes notifying a webhook, refusing 4 minutes first', async () => {
    const h = host();
    const page = renderPage(<SchedulersPage />, '/7/tests/schedulers', '/:siteId/tests/schedulers', { host: h });
    await settle();
    await click(buttonNamed(page.container, 'New scheduler'));
    typeInto(byLabel(document.body, 'Minutes') as HTMLInputElement, '4');
    await chooseOption(byLabel(document.body, 'Notify by') as HTMLSelectElement, 'webhook');
    await chooseOption(byLabel(document.body, 'Webhook') as HTMLSelectElement, '8');
    await click(buttonNamed(document.body, 'Add target'));
    await click(buttonNamed(document.body, 'Save'));
    expect(document.body.textContent).toContain('Run every 5 to 1440 minutes.');
    expect(h.api.post).not.toHaveBeenCalled();
    typeInto(byLabel(document.body, 'Minutes') as HTMLInputElement, '15');
    await click(buttonNamed(document.body, 'Save'));
    await settle();
    expect(h.api.post).toHaveBeenCalledWith('/7/schedulers', expect.objectContaining({ testId: 5, day: -2, minutes: 15, timezone: 'UTC', notifications: [{ type: 'webhook', value: '8' }] }));
  });

  it('edits with the stored values and deletes after the confirmation', async () => {
    const h = host();
    const page = renderPage(<SchedulersPage />, '/7/tests/schedulers', '/:siteId/tests/schedulers', { host: h });
    await settle();
    await click(buttonNamed(page.container, 'Edit'));
    expect((byLabel(document.body, 'At') as HTMLSelectElement).value).toBe('2');
    await click(buttonNamed(document.body, 'Save'));
    await settle();
    expect(h.api.put).toHaveBeenCalledWith('/7/schedulers/3', expect.objectContaining({ day: -1, hour: 2, notifications: [{ type: 'webhook', value: '8' }] }));
    await click(buttonNamed(page.container, 'Delete'));
    await click(buttonNamed(document.body, 'Yes, delete'));
    await settle();
    expect(h.api.del).toHaveBeenCalledWith('/7/schedulers/3');
  });
});
