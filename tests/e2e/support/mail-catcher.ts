import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { decodeMail, type DecodedMail } from '@cassette/plugin-sdk/testing/mail';

export type CaughtMail = DecodedMail;

export interface MailCatcher {
  /** The `SMTP_URL` that sends to this catcher. */
  url: string;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback for the app under test to send to: each mail it accepts is
 * decoded and handed to `onMail`. Port 0 picks a free one.
 */
export async function startMailCatcher(port: number, onMail: (mail: CaughtMail) => void): Promise<MailCatcher> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        onMail(decodeMail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${bound}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
