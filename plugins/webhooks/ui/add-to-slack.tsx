// "Add to Slack" on the Webhooks tab, offered when the operator configured a Slack app: a fresh
// authorize URL (its state expires) is asked for on click, then the browser goes to Slack.
import { useEffect, useState } from 'react';
import { Button, useHost } from '@cassette/plugin-sdk/ui';
import { errorsOf } from './api-errors.js';
import { SLACK_AUTHORIZE_PATH } from './slack-paths.js';

interface AuthorizeAnswer {
  url: string | null;
}

/** Leaves the app for Slack's consent page (a seam for tests). */
export const browser = { go: (url: string) => window.location.assign(url) };

export function AddToSlack() {
  const { api, toast } = useHost();
  const [offered, setOffered] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    // No Slack app, or no answer: the tab keeps the manual "Add Webhook" only.
    api.get<AuthorizeAnswer>(SLACK_AUTHORIZE_PATH).then(
      (answer) => current && setOffered(answer.url !== null),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api]);

  if (!offered) return null;

  const start = async () => {
    setBusy(true);
    try {
      const { url } = await api.get<AuthorizeAnswer>(SLACK_AUTHORIZE_PATH);
      if (url) browser.go(url);
      else setOffered(false);
    } catch (error) {
      toast(errorsOf(error).join(' '), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button loading={busy} onClick={() => void start()}>
      Add to Slack
    </Button>
  );
}
