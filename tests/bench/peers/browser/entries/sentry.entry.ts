// @sentry/browser with Session Replay recording every session, its DSN on the local sink.
import * as Sentry from '@sentry/browser';

Sentry.init({
  dsn: `${location.protocol}//benchpublickey@${location.host}/sentry/1`,
  integrations: [Sentry.replayIntegration()],
  replaysSessionSampleRate: 1,
  replaysOnErrorSampleRate: 1,
});
