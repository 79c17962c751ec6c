/**
 * The browser tests' server: the real app on the embedded default, plus a real SMTP server
 * on loopback that writes every mail it receives to `<DATA_DIR>/mails.jsonl`, so tests can
 * follow links from invitation and reset mails as a user would.
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMailCatcher } from './mail-catcher.js';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must be set');
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 18_125);
const mailsFile = join(dataDir, 'mails.jsonl');

const smtp = await startMailCatcher(smtpPort, (mail) => appendFileSync(mailsFile, `${JSON.stringify(mail)}\n`));
const app = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: join(import.meta.dirname, '..', '..', '..', 'core'),
  env: { ...process.env, SMTP_URL: smtp.url },
  stdio: 'inherit',
});
const stop = () => {
  app.kill('SIGTERM');
  void smtp.close();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
app.on('exit', (code) => {
  void smtp.close().finally(() => process.exit(code ?? 0));
});
