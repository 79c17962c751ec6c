import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { CaughtMail } from './mail-catcher.js';

export function mailsFor(address: string): CaughtMail[] {
  const file = join(process.env.E2E_DATA_DIR!, 'mails.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      // The catcher may be writing the last line right now: a half line is read again next poll.
      try {
        return [JSON.parse(line) as CaughtMail];
      } catch {
        return [];
      }
    })
    .filter((m) => m.to.includes(address));
}

/**
 * Waits for the next mail to `address` after `seen` mails whose subject matches, and returns
 * the first link in it. Another mail arriving meanwhile (a notification) is passed over.
 */
export async function linkFromNextMail(address: string, seen: number, subject: RegExp): Promise<string> {
  const next = () => mailsFor(address).slice(seen).find((m) => subject.test(m.subject));
  // Sending is asynchronous (after the answer), and a loaded machine can take a while.
  await expect.poll(() => next() !== undefined, { timeout: 30_000 }).toBe(true);
  const mail = next()!;
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link in mail "${mail.subject}"`);
  return link;
}
