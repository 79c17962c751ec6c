import type { Logger, Mailer, MailMessage } from '@cassette/plugin-sdk/server';

export const LOG_MAILER_MESSAGE = 'mail (no SMTP configured)';

/**
 * Without SMTP, mails go to the server log whole, text included, so an admin can
 * copy an invite or password-reset link from there instead of being locked out.
 */
export class LogMailer implements Mailer {
  constructor(private readonly log: Logger) {}

  async send(message: MailMessage): Promise<void> {
    this.log.info(
      {
        mail: {
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
        },
      },
      LOG_MAILER_MESSAGE,
    );
  }
}
