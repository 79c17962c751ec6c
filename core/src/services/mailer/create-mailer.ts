import type { Logger, Mailer } from '@cassette/plugin-sdk/server';
import { LogMailer } from './log-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

/** SMTP when a URL is configured (SMTP_URL); otherwise the server log. */
export function createMailer(smtpUrl: string | undefined, from: string, log: Logger): Mailer {
  const url = smtpUrl?.trim();
  if (url) return new SmtpMailer(url, from);
  // Said once at startup, so an admin missing a mail knows where to look.
  log.info('SMTP_URL is not set: mails are written to this log instead of sent');
  return new LogMailer(log);
}
