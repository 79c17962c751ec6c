// Test support: a real SMTP server on 127.0.0.1 that keeps every mail it receives, decoded, and a
// mailer that sends to it over SMTP (as the kernel's mailer does with SMTP_URL). Tests pass the
// mailer to their test kernel, so each mail travels through a real socket and real MIME.
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { Mailer } from '@cassette/plugin-sdk/server';
import { decodeMail, type DecodedMail } from '@cassette/plugin-sdk/testing/mail';

export type CaughtMail = DecodedMail;

export interface SmtpCatcher {
  /** Sends each mail over SMTP to the catcher; resolves once the catcher accepted it. */
  mailer: Mailer;
  mails: CaughtMail[];
  /** Addresses the server refuses (550) until removed: a mail to one of them fails to send. */
  refused: Set<string>;
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(decodeMail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  return {
    mails,
    refused,
    mailer: {
      async send(message) {
        await transport.sendMail({ from: 'Cassette <reports@cassette.test>', to: message.to, subject: message.subject, text: message.text, ...(message.html === undefined ? {} : { html: message.html }) });
      },
    },
    async close() {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
