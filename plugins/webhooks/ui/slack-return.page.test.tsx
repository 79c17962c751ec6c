// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { cleanup, fakeHost, renderPage, settle } from '@cassette/plugin-sdk/testing/ui';
import type { Webhook } from '../shared/webhook.js';
import SlackReturnPage, { SLACK_CANCELLED, SLACK_NO_CODE } from './slack-return.page.js';

afterEach(cleanup);

const ADDED: Webhook = { webhookId: 7, type: 'slack', name: 'team-alerts', endpoint: 'https://hooks.slack.com/services/T/B/X', authHeaderSet: false, createdAt: 1 };

async function returnFromSlack(search: string, add: () => unknown = () => ADDED) {
  const posted: unknown[] = [];
  const host = fakeHost({ routes: { 'POST /integrations/slack/add': (_path, body) => (posted.push(body), add()) } });
  const page = renderPage(<SlackReturnPage />, `/integrations/slack${search}`, '/integrations/slack', { host });
  await settle();
  return { ...page, host, posted };
}

describe('/integrations/slack, the return from Add to Slack', () => {
  it("posts Slack's code and the state once, then goes to Preferences › Webhooks saying which channel was added", async () => {
    const { host, posted, url } = await returnFromSlack('?code=1234.5678.abcd&state=c2VhbGVk');
    expect(posted).toEqual([{ code: '1234.5678.abcd', state: 'c2VhbGVk' }]);
    expect(url.path).toBe('/client/webhooks');
    expect(host.toast).toHaveBeenCalledWith('Slack channel "team-alerts" added', 'success');
  });

  it("goes back with the server's refusal (a stale state, a used code)", async () => {
    const refusal = 'This Add to Slack link is not valid or has expired: please use Add to Slack again.';
    const { host, url } = await returnFromSlack('?code=c&state=old', () => {
      throw new ApiError(400, [refusal]);
    });
    expect(url.path).toBe('/client/webhooks');
    expect(host.toast).toHaveBeenCalledWith(refusal, 'error');
  });

  it('posts nothing when the user cancelled in Slack or Slack sent no code', async () => {
    const cancelled = await returnFromSlack('?error=access_denied&state=s');
    expect(cancelled.posted).toEqual([]);
    expect(cancelled.host.toast).toHaveBeenCalledWith(SLACK_CANCELLED, 'error');
    expect(cancelled.url.path).toBe('/client/webhooks');
    cleanup();
    const empty = await returnFromSlack('');
    expect(empty.posted).toEqual([]);
    expect(empty.host.toast).toHaveBeenCalledWith(SLACK_NO_CODE, 'error');
  });
});
