// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { buttonNamed, byLabel, allByTestId, byTestId, chooseOption, cleanup, click, fakeAccount, fakeHost, renderPage, settle, typeInto, type FakeRoutes } from '@cassette/plugin-sdk/testing/ui';
import { ENDPOINT_INVALID, ENDPOINT_REQUIRED, NAME_INVALID, NAME_REQUIRED, type Webhook } from '../shared/webhook.js';
import { browser } from './add-to-slack.js';
import WebhooksTab from './webhooks.tab.js';

afterEach(cleanup);

const OPS: Webhook = { webhookId: 3, type: 'webhook', name: 'Ops receiver', endpoint: 'https://hooks.example.test/ops', authHeaderSet: true, authHeaderMasked: 'Bearer ••••••••9876', createdAt: 1 };
const CHANNEL: Webhook = { webhookId: 4, type: 'slack', name: 'team-alerts', endpoint: 'https://hooks.slack.example.test/T/B/X', authHeaderSet: false, createdAt: 2 };

async function open(routes: FakeRoutes = {}, admin = true) {
  let list = [OPS, CHANNEL];
  const host = fakeHost({
    account: fakeAccount({ admin }),
    routes: { 'GET /webhooks': () => list, ...routes },
  });
  const page = renderPage(<WebhooksTab />, '/client/webhooks', '/client/:activeTab', { host });
  await settle();
  return { ...page, setList: (next: Webhook[]) => (list = next), panel: () => document.querySelector<HTMLElement>('[role="dialog"]')! };
}

const rowOf = (name: string) => allByTestId(document.body, 'webhook-row').find((r) => r.textContent?.includes(name))!;

describe('Preferences › Webhooks', () => {
  it('lists the webhooks with their type, endpoint and masked auth header for an admin', async () => {
    await open();
    const rows = allByTestId(document.body, 'webhook-row');
    expect(rows.map((r) => r.querySelector('td')!.textContent)).toEqual(['Ops receiver', 'team-alerts']);
    expect(rowOf('Ops receiver').textContent).toContain('Webhook');
    expect(rowOf('Ops receiver').textContent).toContain('https://hooks.example.test/ops');
    expect(rowOf('Ops receiver').textContent).toContain('Auth header: Bearer ••••••••9876');
    expect(rowOf('team-alerts').textContent).toContain('Slack');
  });

  it("sends a test and shows the receiver's answer, or why it failed", async () => {
    const { host } = await open({
      'POST /webhooks/3/test': () => ({ ok: true, status: 200, message: 'Delivered: the receiver answered 200' }),
      'POST /webhooks/4/test': () => ({ ok: false, reason: 'refused_address', message: "Refused: the endpoint's address is not a public address" }),
    });
    await click(byLabel(rowOf('Ops receiver'), 'Send test to Ops receiver'));
    await settle();
    expect(byTestId(rowOf('Ops receiver'), 'webhook-test-outcome')!.textContent).toBe('Delivered: the receiver answered 200');
    expect(byTestId(rowOf('Ops receiver'), 'webhook-test-outcome')!.className).toContain('is-ok');
    await click(byLabel(rowOf('team-alerts'), 'Send test to team-alerts'));
    await settle();
    expect(byTestId(rowOf('team-alerts'), 'webhook-test-outcome')!.textContent).toBe("Refused: the endpoint's address is not a public address");
    expect(byTestId(rowOf('team-alerts'), 'webhook-test-outcome')!.className).toContain('is-failed');
    expect(host.api.post).toHaveBeenCalledWith('/webhooks/3/test');
  });

  it('adds a generic webhook after the validation messages are satisfied, then shows its signing secret once', async () => {
    const posted: unknown[] = [];
    const { setList, panel } = await open({
      'POST /webhooks': (_path, body) => {
        posted.push(body);
        return { ...OPS, webhookId: 9, name: 'New hook', endpoint: 'https://new.example.test/h', signingSecret: 'whsec_abc123' };
      },
    });
    await click(buttonNamed(document.body, 'Add Webhook'));
    await click(buttonNamed(panel(), 'Add'));
    expect(panel().textContent).toContain(NAME_REQUIRED);
    expect(panel().textContent).toContain(ENDPOINT_REQUIRED);
    typeInto(byLabel<HTMLInputElement>(panel(), 'Name *'), 'New <hook>');
    typeInto(byLabel<HTMLInputElement>(panel(), 'Endpoint *'), 'new.example.test');
    expect(panel().textContent).toContain(NAME_INVALID);
    expect(panel().textContent).toContain(ENDPOINT_INVALID);
    await click(buttonNamed(panel(), 'Add'));
    expect(posted).toEqual([]);

    typeInto(byLabel<HTMLInputElement>(panel(), 'Name *'), 'New hook');
    typeInto(byLabel<HTMLInputElement>(panel(), 'Endpoint *'), 'https://new.example.test/h');
    typeInto(byLabel<HTMLInputElement>(panel(), 'Auth header'), 'Bearer t0k3n');
    setList([OPS, CHANNEL, { ...OPS, webhookId: 9, name: 'New hook' }]);
    await click(buttonNamed(panel(), 'Add'));
    await settle();
    expect(posted).toEqual([{ name: 'New hook', endpoint: 'https://new.example.test/h', authHeader: 'Bearer t0k3n' }]);
    expect(byTestId(document.body, 'signing-secret')!.textContent).toBe('whsec_abc123');
    expect(allByTestId(document.body, 'webhook-row')).toHaveLength(3);
  });

  it('adds a Slack webhook on the chat path with the endpoint as url', async () => {
    const posted: unknown[] = [];
    const { panel } = await open({ 'POST /integrations/slack': (_p, body) => (posted.push(body), { ...CHANNEL, webhookId: 10 }) });
    await click(buttonNamed(document.body, 'Add Webhook'));
    await chooseOption(byLabel<HTMLSelectElement>(panel(), 'Type'), 'slack');
    expect(byLabel(panel(), 'Auth header')).toBeNull();
    typeInto(byLabel<HTMLInputElement>(panel(), 'Name *'), 'alerts');
    typeInto(byLabel<HTMLInputElement>(panel(), 'Endpoint *'), 'https://hooks.slack.example.test/T/B/Y');
    await click(buttonNamed(panel(), 'Add'));
    await settle();
    expect(posted).toEqual([{ name: 'alerts', url: 'https://hooks.slack.example.test/T/B/Y' }]);
    expect(byTestId(document.body, 'signing-secret')).toBeNull();
  });

  it("edits a webhook keeping its hidden auth header unless removed, and shows the server's refusal", async () => {
    const put: unknown[] = [];
    let refuse = true;
    const { panel } = await open({
      'PUT /webhooks/3': (_p, body) => {
        if (refuse) throw new ApiError(400, ['Endpoint must be a valid URL (http or https)']);
        put.push(body);
        return OPS;
      },
    });
    await click(byLabel(rowOf('Ops receiver'), 'Edit Ops receiver'));
    expect(byLabel<HTMLInputElement>(panel(), 'Auth header')!.value).toBe('');
    expect(byLabel<HTMLInputElement>(panel(), 'Auth header')!.placeholder).toBe('Bearer ••••••••9876');
    await click(buttonNamed(panel(), 'Update'));
    await settle();
    expect(panel().querySelector('[role="alert"]')!.textContent).toContain('Endpoint must be a valid URL (http or https)');
    refuse = false;
    await click(byLabel(panel(), 'Remove the auth header'));
    await click(buttonNamed(panel(), 'Update'));
    await settle();
    expect(put).toEqual([{ name: 'Ops receiver', endpoint: 'https://hooks.example.test/ops', removeAuthHeader: true }]);
  });

  it('deletes after the permanent-delete question', async () => {
    const deleted: string[] = [];
    await open({ 'DELETE /integrations/slack/4': (path) => (deleted.push(path), { deleted: true }) });
    await click(byLabel(rowOf('team-alerts'), 'Delete team-alerts'));
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.textContent).toContain('Are you sure you want to permanently delete the webhook "team-alerts"?');
    await click(buttonNamed(dialog, 'Yes, delete'));
    await settle();
    expect(deleted).toEqual(['/integrations/slack/4']);
  });

  it('shows members the names and types only, with nothing to change', async () => {
    await open({}, false);
    expect(allByTestId(document.body, 'webhook-row')).toHaveLength(2);
    expect(buttonNamed(document.body, 'Add Webhook')).toBeNull();
    expect(buttonNamed(document.body, 'Send test')).toBeNull();
    expect(buttonNamed(document.body, 'Edit')).toBeNull();
    expect(document.body.textContent).not.toContain('Endpoint');
  });

  it('offers Add to Slack when the server has a Slack app, and sends the browser to a fresh authorize URL', async () => {
    let issued = 0;
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    await open({ 'GET /integrations/slack/authorize': () => ({ url: `https://slack.com/oauth/v2/authorize?state=s${++issued}` }) });
    await click(buttonNamed(document.body, 'Add to Slack'));
    await settle();
    expect(go).toHaveBeenCalledWith('https://slack.com/oauth/v2/authorize?state=s2');
    go.mockRestore();
  });

  it('does not offer Add to Slack without a Slack app on the server, nor to members', async () => {
    await open({ 'GET /integrations/slack/authorize': () => ({ url: null }) });
    expect(buttonNamed(document.body, 'Add to Slack')).toBeNull();
    expect(buttonNamed(document.body, 'Add Webhook')).not.toBeNull();
    cleanup();
    const { host } = await open({ 'GET /integrations/slack/authorize': () => ({ url: 'https://slack.com/oauth/v2/authorize?state=s' }) }, false);
    expect(buttonNamed(document.body, 'Add to Slack')).toBeNull();
    expect(host.api.get).not.toHaveBeenCalledWith('/integrations/slack/authorize');
  });
});
