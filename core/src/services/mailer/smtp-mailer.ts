import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from '@cassette/plugin-sdk/server';

/** Mail through the operator's SMTP server, e.g. `smtps://user:pass@mail.example.com:465`. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    let scheme: string;
    try {
      scheme = new URL(smtpUrl).protocol;
    } catch {
      // The URL may carry a password, so it is not repeated back.
      throw new Error('SMTP_URL is not a valid URL (expected smtp://user:pass@host:port or smtps://…)');
    }
    if (scheme !== 'smtp:' && scheme !== 'smtps:') {
      throw new Error(`SMTP_URL must use smtp:// or smtps://, not ${scheme}//`);
    }
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
    } catch (err) {
      throw new Error(`Sending mail "${message.subject}" failed: ${(err as Error).message}`, { cause: err });
    }
  }
}
