import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * Setup file of the test files that drive a real Chromium (tests/setup/test-isolation.ts): while
 * one of them runs, another waits for it, in whichever worker it was given. Two browsers side by
 * side on a small machine starve each other and make timing-sensitive browser tests flaky; the
 * files still run beside the other, browserless files, so no core idles while they run.
 */
const LOCK_DIR = join(import.meta.dirname, '..', '..', '.tmp', 'locks');
const LOCK = join(LOCK_DIR, 'chromium-test-file');
const POLL_MS = 200;

function holderAlive(): boolean {
  try {
    const pid = Number(readFileSync(LOCK, 'utf8'));
    if (!Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function acquire(): Promise<void> {
  mkdirSync(LOCK_DIR, { recursive: true });
  for (;;) {
    try {
      const fd = openSync(LOCK, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A worker that died holding it (killed run) leaves a lock nobody will release.
      if (!holderAlive()) rmSync(LOCK, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

beforeAll(acquire, 600_000);
afterAll(() => rmSync(LOCK, { force: true }));
