// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { allByTestId, buttonNamed, byLabel, byTestId, chooseOption, cleanup, click, fakeHost, pressKey, renderPage, settle, TEST_PROJECT, typeInto } from '@cassette/plugin-sdk/testing/ui';
import { alertFixture, evaluationFixture, triggerFixtures } from '../testing/ui-fixtures.js';
import AlertsPage from './alerts.page.js';

afterEach(cleanup);

const P = TEST_PROJECT.id;
const body = document.body;

/** The organization's webhooks as the webhooks plugin lists them to a member (names and types). */
const WEBHOOKS = [
  { webhookId: 11, type: 'slack', name: 'ops-alerts', authHeaderSet: false, createdAt: 1 },
  { webhookId: 12, type: 'webhook', name: 'Pager', authHeaderSet: true, createdAt: 2 },
  { webhookId: 13, type: 'slack', name: 'dev-channel', authHeaderSet: false, createdAt: 3 },
];

const ALERTS = [
  alertFixture(2, { name: 'Slow pages' }),
  alertFixture(1, { name: 'Script failures', query: { left: 'errors.javascript.count', operator: '>=', right: 10 }, email: true, emailInput: ['ops@shop.test'] }),
];

function host(webhooks: unknown[] = WEBHOOKS, alerts = ALERTS) {
  const saved: unknown[] = [];
  const h = fakeHost({
    routes: {
      'GET /webhooks': () => webhooks,
      [`GET /${P}/alerts`]: () => alerts,
      [`GET /${P}/alerts/triggers`]: () => triggerFixtures,
      [`PUT /${P}/alerts`]: (_path, b) => (saved.push(b), alertFixture(3, { name: (b as { name: string }).name })),
      [`PUT /${P}/alerts/1`]: (_path, b) => (saved.push(b), alertFixture(1, { name: (b as { name: string }).name, query: { left: 'errors.javascript.count', operator: '>=', right: 10 } })),
      [`DELETE /${P}/alerts/2`]: () => ({ deleted: true }),
      [`GET /${P}/alerts/1/history`]: () => [evaluationFixture(5), evaluationFixture(4, { value: 2000, compared: 2000, fired: false, notice: 'recovered' })],
      [`GET /${P}/alerts/2/history`]: () => [],
    },
  });
  return { h, saved };
}

async function open(url = `/${P}/alerts`, webhooks?: unknown[], alerts?: typeof ALERTS) {
  const { h, saved } = host(webhooks, alerts);
  const page = renderPage(<AlertsPage />, url, '/:siteId/alerts/:alertId?', { host: h });
  await settle();
  return { h, saved, page, panel: byTestId(body, 'alerts-panel')! };
}

const names = () => allByTestId(body, 'alert-item').map((i) => i.querySelector('[data-field="name"]')?.textContent);
const form = () => byTestId(body, 'alert-form');
const saveButton = () => byTestId<HTMLButtonElement>(body, 'alert-save')!;

describe('the alert management panel', () => {
  it('lists the alerts and searches them by name or metric text, case-insensitively', async () => {
    const { panel } = await open();
    expect(body.textContent).toContain('Alerts');
    expect(names()).toEqual(['Slow pages', 'Script failures']);
    const search = byLabel<HTMLInputElement>(panel, 'Search alerts')!;
    expect(search.placeholder).toBe('Search by Name or Metric');
    typeInto(search, 'js errors');
    await settle();
    expect(names()).toEqual(['Script failures']);
    typeInto(search, 'SLOW');
    await settle();
    expect(names()).toEqual(['Slow pages']);
    typeInto(search, 'nothing like it');
    await settle();
    expect(names()).toEqual([]);
    expect(panel.textContent).toContain('No data available.');
  });

  it('creates an alert: Save waits for a valid alert (spec §5), then the form closes with a toast', async () => {
    const { h, saved, panel } = await open();
    await click(buttonNamed(panel, 'Create Alert'));
    const f = form()!;
    const name = byLabel<HTMLInputElement>(f, 'Name')!;
    expect(name.value).toBe('New Alert');
    expect(name.placeholder).toBe('New Alert');
    expect(saveButton().disabled).toBe(true);
    const problems = () => byTestId(f, 'alert-problems')?.textContent ?? '';
    expect(problems()).toContain('Choose a trigger metric.');
    expect(byLabel<HTMLSelectElement>(f, 'Trigger')!.querySelectorAll('option').length).toBe(5);
    // A trigger nothing measures says so before an alert that could never fire is saved.
    await chooseOption(byLabel<HTMLSelectElement>(f, 'Trigger'), 'errors.backend.count');
    expect(byTestId(f, 'trigger-unavailable')?.textContent).toBe('Backend errors come from log sources: this trigger measures nothing yet.');

    await chooseOption(byLabel<HTMLSelectElement>(f, 'Trigger'), 'performance.page_load_time.average');
    expect(byTestId(f, 'trigger-unavailable')).toBeNull();
    await chooseOption(byLabel<HTMLSelectElement>(f, 'Operator'), '>');
    typeInto(byLabel<HTMLInputElement>(f, 'Value'), '0');
    await settle();
    expect(problems()).toContain('The value must be a number greater than 0.');
    typeInto(byLabel<HTMLInputElement>(f, 'Value'), '3000');
    typeInto(name, 'Slow checkout!');
    await settle();
    expect(problems()).toContain('The name may hold letters, digits, spaces, "-" and "_" only.');
    typeInto(name, 'Lenteur caisse_é');
    await settle();

    // An enabled channel needs a recipient; e-mails are checked and duplicates skipped.
    await click(byLabel(f, 'Email'));
    expect(saveButton().disabled).toBe(true);
    const add = byLabel<HTMLInputElement>(f, 'Add recipient')!;
    typeInto(add, 'not an address');
    await pressKey(add, 'Enter');
    expect(f.textContent).toContain('Enter a valid e-mail address.');
    typeInto(add, 'ops@shop.test');
    await pressKey(add, 'Enter');
    typeInto(add, 'OPS@shop.test');
    await pressKey(add, 'Enter');
    expect(allByTestId(f, 'email-recipients')[0]!.querySelectorAll('[data-field="recipient"]').length).toBe(1);
    await chooseOption(byLabel<HTMLSelectElement>(f, 'Over the past'), '60');
    expect(saveButton().disabled).toBe(false);

    await click(saveButton());
    await settle();
    expect(saved[0]).toMatchObject({
      name: 'Lenteur caisse_é',
      detection_method: 'threshold',
      query: { left: 'performance.page_load_time.average', operator: '>', right: 3000 },
      options: { currentPeriod: 60, previousPeriod: 15, message: [{ type: 'email', value: 'ops@shop.test' }] },
      email: true,
      emailInput: ['ops@shop.test'],
    });
    expect(h.toast).toHaveBeenCalledWith('Alert created successfully', 'success');
    expect(form()).toBeNull();
    expect(names()).toEqual(['Lenteur caisse_é', 'Slow pages', 'Script failures']);
  });

  it('opens the alert a link names, keeps it open after an update, and shows its evaluation history', async () => {
    const { h, saved } = await open(`/${P}/alerts/1`);
    const f = form()!;
    expect(byLabel<HTMLInputElement>(f, 'Name')!.value).toBe('Script failures');
    expect(byLabel<HTMLSelectElement>(f, 'Trigger')!.value).toBe('errors.javascript.count');
    const rows = allByTestId(f, 'alert-history-row');
    expect(rows.map((r) => r.querySelector('[data-field="notice"]')?.textContent)).toEqual(['Fired', 'Recovered']);
    expect(rows[0]!.querySelector('[data-field="value"]')?.textContent).toBe('3500');

    // The history's picker is the alert-related one: no 30 minutes, no custom range (spec part 1 §9).
    const history = byTestId(f, 'alert-history')!;
    expect(h.api.get.mock.calls.map(([path]) => String(path)).find((p) => p.includes('/history'))).toMatch(/startTimestamp=\d+&endTimestamp=\d+/);
    await click(byTestId(history, 'date-range-button'));
    expect([...history.querySelectorAll('[role="menuitemradio"]')].map((i) => i.textContent)).toEqual(['Today', 'Yesterday', 'Past 24 Hours', 'Past 7 Days', 'Past 30 Days', 'This Month', 'Last Month', 'This Year']);
    await click([...history.querySelectorAll<HTMLElement>('[role="menuitemradio"]')].find((i) => i.textContent === 'Past 24 Hours'));
    await settle();
    expect(byTestId(history, 'date-range-button')!.textContent).toBe('Past 24 Hours');

    // Change detection offers absolute or percent and the previous period.
    await click(f.querySelector<HTMLInputElement>('input[value="change"]'));
    await chooseOption(byLabel<HTMLSelectElement>(f, 'Change type'), 'percent');
    await chooseOption(byLabel<HTMLSelectElement>(f, 'Compared to previous'), '1440');
    typeInto(byLabel<HTMLInputElement>(f, 'Name'), 'Script failures up');
    await settle();
    await click(saveButton());
    await settle();
    expect(saved[0]).toMatchObject({ name: 'Script failures up', detection_method: 'change', change: 'percent', options: { previousPeriod: 1440, change: 'percent' } });
    expect(h.toast).toHaveBeenCalledWith('Alert updated successfully', 'success');
    expect(form()).not.toBeNull();
    expect(names()).toContain('Script failures up');
  });

  it("deletes an alert after the spec's confirmation, then closes the detail", async () => {
    const { h } = await open();
    await click(allByTestId(body, 'alert-item')[0]!.querySelector('button'));
    expect(byTestId(form()!, 'alert-history')?.textContent).toContain('Not evaluated yet.');
    await click(buttonNamed(body, 'Delete'));
    expect(body.textContent).toContain('Are you sure you want to permanently delete this alert?');
    expect(buttonNamed(body, 'Cancel')).not.toBeNull();
    await click(buttonNamed(body, 'Yes, delete'));
    await settle();
    expect(h.api.del).toHaveBeenCalledWith(`/${P}/alerts/2`);
    expect(h.toast).toHaveBeenCalledWith('Alert deleted successfully', 'success');
    expect(form()).toBeNull();
    expect(names()).toEqual(['Script failures']);
  });

  it('names in-app delivery while no channel is chosen; an enabled channel needs a recipient', async () => {
    const { panel } = await open();
    await click(buttonNamed(panel, 'Create Alert'));
    expect(form()!.textContent).toContain('shown in the app');
    await click(byLabel(form()!, 'Webhook'));
    expect(form()!.textContent).not.toContain('shown in the app');
    expect(byTestId(form()!, 'alert-problems')?.textContent).toContain('Add at least one webhook or turn Webhook off.');
  });

  it("closes on Escape, back to the project's dashboards when the panel was opened directly", async () => {
    const { page } = await open();
    await pressKey(document, 'Escape');
    await settle();
    expect(byTestId(body, 'alerts-panel')).toBeNull();
    expect(page.url.path).toBe(`/${P}/dashboard`);
  });

  it("picks Slack and webhook recipients from the organization's webhooks of each type, each once, and saves their ids", async () => {
    const { saved, panel } = await open();
    await click(buttonNamed(panel, 'Create Alert'));
    const f = form()!;
    await chooseOption(byLabel<HTMLSelectElement>(f, 'Trigger'), 'errors.javascript.count');
    await chooseOption(byLabel<HTMLSelectElement>(f, 'Operator'), '>');
    typeInto(byLabel<HTMLInputElement>(f, 'Value'), '5');
    await settle();

    await click(byLabel(f, 'Slack'));
    const slackPicker = () => byLabel<HTMLSelectElement>(f, 'Add Slack channel')!;
    const offered = (select: HTMLSelectElement) => [...select.querySelectorAll('option')].filter((o) => o.value).map((o) => o.textContent);
    expect(offered(slackPicker())).toEqual(['ops-alerts', 'dev-channel']);
    expect(byTestId(f, 'alert-problems')?.textContent).toContain('Add at least one Slack channel or turn Slack off.');
    await chooseOption(slackPicker(), '13');
    // A channel already chosen is not offered again (spec §5: no duplicates).
    expect(offered(slackPicker())).toEqual(['ops-alerts']);
    const chosen = (testId: string) => [...byTestId(f, testId)!.querySelectorAll('[data-field="recipient"]')].map((li) => li.firstChild?.textContent);
    expect(chosen('slack-recipients')).toEqual(['dev-channel']);

    await click(byLabel(f, 'Webhook'));
    const webhookPicker = byLabel<HTMLSelectElement>(f, 'Add webhook')!;
    expect(offered(webhookPicker)).toEqual(['Pager']);
    await chooseOption(webhookPicker, '12');
    expect(chosen('webhook-recipients')).toEqual(['Pager']);
    expect(byTestId(f, 'alert-problems')).toBeNull();

    await click(saveButton());
    await settle();
    expect(saved[0]).toMatchObject({
      slack: true,
      slackInput: [13],
      webhook: true,
      webhookInput: [12],
      options: { message: [{ type: 'slack', value: '13' }, { type: 'webhook', value: '12' }] },
    });
  });

  it('shows the saved recipients by name (a deleted webhook by its id), and removing one takes it out', async () => {
    const withSlack = alertFixture(1, { name: 'Script failures', slack: true, slackInput: [11, 99], options: { ...ALERTS[1]!.options, message: [{ type: 'slack', value: '11' }, { type: 'slack', value: '99' }] } });
    await open(`/${P}/alerts/1`, WEBHOOKS, [ALERTS[0]!, withSlack]);
    const f = form()!;
    const chosen = () => [...byTestId(f, 'slack-recipients')!.querySelectorAll('[data-field="recipient"]')].map((li) => li.firstChild?.textContent);
    expect(chosen()).toEqual(['ops-alerts', 'Removed webhook #99']);
    await click(byLabel(f, 'Remove Removed webhook #99'));
    await click(byLabel(f, 'Remove ops-alerts'));
    expect(chosen()).toEqual([]);
    expect(byTestId(f, 'alert-problems')?.textContent).toContain('Add at least one Slack channel or turn Slack off.');
  });

  it('links to the Webhooks tab of Preferences when the organization has none of a type', async () => {
    const { panel } = await open(`/${P}/alerts`, [WEBHOOKS[1]]);
    await click(buttonNamed(panel, 'Create Alert'));
    const f = form()!;
    await click(byLabel(f, 'Slack'));
    const none = byTestId(f, 'slack-recipients-none')!;
    expect(none.textContent).toContain('No Slack channels yet.');
    expect(none.querySelector('a')!.getAttribute('href')).toBe('/client/webhooks');
    expect(byLabel(f, 'Add Slack channel')).toBeNull();
    await click(byLabel(f, 'Webhook'));
    expect(byTestId(f, 'webhook-recipients-none')).toBeNull();
    expect(byLabel(f, 'Add webhook')).not.toBeNull();
  });

  it('edits the re-notify interval in minutes: 60 by default, a whole number from 1 to a week', async () => {
    const { saved } = await open(`/${P}/alerts/1`);
    const f = form()!;
    const renotify = byLabel<HTMLInputElement>(f, 'Re-notify every')!;
    expect(renotify.value).toBe('60');
    const problems = () => byTestId(f, 'alert-problems')?.textContent ?? '';
    for (const bad of ['0', '', '2.5', '10081']) {
      typeInto(renotify, bad);
      await settle();
      expect(problems(), bad).toContain('Re-notify after a whole number of minutes from 1 to 10080.');
      expect(saveButton().disabled).toBe(true);
    }
    typeInto(renotify, '240');
    await settle();
    expect(problems()).toBe('');
    await click(saveButton());
    await settle();
    expect(saved[0]).toMatchObject({ options: { renotifyInterval: 240 } });
  });
});
