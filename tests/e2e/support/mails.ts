import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

export function mailsFor(address: string): CaughtMail[] {
  const file = join(process.env.E2E_DATA_DIR!, 'mails.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CaughtMail)
    .filter((m) => m.to.includes(address));
}

/** Waits for the next mail to `address` after `seen` mails and returns the first link in it. */
export async function linkFromNextMail(address: string, seen: number): Promise<string> {
  await expect.poll(() => mailsFor(address).length, { timeout: 15_000 }).toBeGreaterThan(seen);
  const mail = mailsFor(address)[seen]!;
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link in mail "${mail.subject}"`);
  return link;
}
