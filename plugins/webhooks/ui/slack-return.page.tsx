// /integrations/slack (spec part 1 §2): where Slack sends the browser back after "Add to Slack".
// It posts Slack's code and the state to the server, then goes to Preferences › Webhooks and says
// what happened.
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Loader, useHost } from '@cassette/plugin-sdk/ui';
import type { Webhook } from '../shared/webhook.js';
import { errorsOf } from './api-errors.js';
import { SLACK_ADD_PATH, WEBHOOKS_SETTINGS_ROUTE } from './slack-paths.js';

export const SLACK_CANCELLED = 'Slack was not added: the authorization was cancelled in Slack.';
export const SLACK_NO_CODE = 'Slack was not added: Slack sent no authorization code. Please use Add to Slack again.';

export default function SlackReturnPage() {
  const { api, toast } = useHost();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A Slack code works once: the post must not be repeated by a second run of the effect.
  const posted = useRef(false);

  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    const finish = (message: string, kind: 'success' | 'error') => {
      toast(message, kind);
      navigate(WEBHOOKS_SETTINGS_ROUTE, { replace: true });
    };
    const code = params.get('code');
    const state = params.get('state');
    if (params.get('error')) return finish(SLACK_CANCELLED, 'error');
    if (!code || !state) return finish(SLACK_NO_CODE, 'error');
    api.post<Webhook>(SLACK_ADD_PATH, { code, state }).then(
      (webhook) => finish(`Slack channel "${webhook.name}" added`, 'success'),
      (error: unknown) => finish(errorsOf(error).join(' '), 'error'),
    );
  }, [api, navigate, params, toast]);

  return (
    <div className="cs-stack-lg" role="status" aria-live="polite">
      <Loader />
      <p className="cs-muted">Adding the Slack channel…</p>
    </div>
  );
}
