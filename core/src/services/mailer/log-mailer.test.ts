import { describe, expect, it } from 'vitest';
import { createCapturingLogger } from '../capturing-logger.js';
import { createMailer } from './create-mailer.js';
import { LOG_MAILER_MESSAGE, LogMailer } from './log-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

describe('LogMailer', () => {
  it('writes the whole mail, text included, to the log at info', async () => {
    const log = createCapturingLogger();
    await new LogMailer(log).send({
      to: 'ada@example.com',
      subject: 'Reset your password',
      text: 'Reset here: http://localhost:3000/reset/tok123',
      html: '<a href="http://localhost:3000/reset/tok123">Reset</a>',
    });

    expect(log.lines).toEqual([
      {
        level: 'info',
        msg: LOG_MAILER_MESSAGE,
        obj: {
          mail: {
            to: 'ada@example.com',
            subject: 'Reset your password',
            text: 'Reset here: http://localhost:3000/reset/tok123',
            html: '<a href="http://localhost:3000/reset/tok123">Reset</a>',
          },
        },
      },
    ]);
    expect(LOG_MAILER_MESSAGE).toBe('mail (no SMTP configured)');
  });
});

describe('createMailer', () => {
  it('logs mails when SMTP_URL is unset or blank, and says so once', async () => {
    for (const smtpUrl of [undefined, '', '  ']) {
      const log = createCapturingLogger();
      const mailer = createMailer(smtpUrl, 'x@y', log);
      expect(mailer).toBeInstanceOf(LogMailer);
      expect(log.lines).toEqual([expect.objectContaining({ level: 'info', msg: expect.stringMatching(/SMTP_URL is not set/) })]);
    }
  });

  it('sends through SMTP when SMTP_URL is set', () => {
    const log = createCapturingLogger();
    expect(createMailer('smtp://127.0.0.1:2525', 'x@y', log)).toBeInstanceOf(SmtpMailer);
    expect(log.lines).toEqual([]);
  });
});
