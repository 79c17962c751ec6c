// @sentry/browser with Session Replay, initialised the way Sentry's replay docs say.
import * as Sentry from '@sentry/browser';

Sentry.init({
  dsn: 'http://public@127.0.0.1:9/1',
  integrations: [Sentry.replayIntegration()],
  replaysSessionSampleRate: 1.0,
  replaysOnErrorSampleRate: 1.0,
});
