/**
 * The browser tests' server: the real app on the embedded default, plus a real SMTP server
 * on loopback that writes every mail it receives to `<DATA_DIR>/mails.jsonl`, so tests can
 * follow links from invitation and reset mails as a user would.
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { decodeMail } from './mail-text.js';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must be set');
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 18_125);
const mailsFile = join(dataDir, 'mails.jsonl');

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address);
      appendFileSync(mailsFile, `${JSON.stringify({ to, ...decodeMail(Buffer.concat(chunks).toString('utf8')) })}\n`);
      callback();
    });
  },
});

smtp.listen(smtpPort, '127.0.0.1', () => {
  const app = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(import.meta.dirname, '..', '..', '..', 'core'),
    env: { ...process.env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    stdio: 'inherit',
  });
  const stop = () => {
    app.kill('SIGTERM');
    smtp.close();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  app.on('exit', (code) => {
    smtp.close();
    process.exit(code ?? 0);
  });
});
