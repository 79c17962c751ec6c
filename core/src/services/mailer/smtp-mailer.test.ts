import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from './smtp-mailer.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from === false ? '' : from.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SmtpMailer', () => {
  it('delivers subject, text and recipients to the SMTP server', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Cassette <noreply@cassette.test>');
    await mailer.send({
      to: ['ada@example.com', 'grace@example.com'],
      subject: 'Your invitation to Cassette',
      text: 'Join here: http://localhost:3000/invite/abc123',
    });

    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail?.from).toBe('noreply@cassette.test');
    expect(mail?.to).toEqual(['ada@example.com', 'grace@example.com']);
    expect(mail?.raw).toMatch(/^Subject: Your invitation to Cassette\r$/m);
    expect(mail?.raw).toMatch(/^From: Cassette <noreply@cassette\.test>\r$/m);
    expect(mail?.raw).toContain('Join here: http://localhost:3000/invite/abc123');
  });

  it('sends the HTML part alongside the text when given', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'noreply@cassette.test');
    await mailer.send({ to: 'ada@example.com', subject: 'Weekly digest', text: 'plain body', html: '<p>html body</p>' });

    const raw = received.at(-1)?.raw ?? '';
    expect(raw).toContain('multipart/alternative');
    expect(raw).toContain('plain body');
    expect(raw).toContain('<p>html body</p>');
  });

  it('reports a failed delivery with the subject', async () => {
    const closed = new SMTPServer({ disabledCommands: ['STARTTLS'], authOptional: true, logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const mailer = new SmtpMailer(`smtp://127.0.0.1:${deadPort}`, 'noreply@cassette.test');
    await expect(mailer.send({ to: 'a@example.com', subject: 'Reset', text: 'x' })).rejects.toThrow(/Sending mail "Reset" failed/);
  });

  it('refuses a URL that is not SMTP without echoing it', () => {
    expect(() => new SmtpMailer('http://user:hunter2@example.com', 'a@b')).toThrow(/smtp:\/\/ or smtps:\/\/, not http:/);
    expect(() => new SmtpMailer('not a url hunter2', 'a@b')).toThrow(/not a valid URL/);
    try {
      new SmtpMailer('not a url hunter2', 'a@b');
    } catch (err) {
      expect((err as Error).message).not.toContain('hunter2');
    }
  });
});
