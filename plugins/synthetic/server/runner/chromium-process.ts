import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HEADLESS_CHROMIUM_ARGS } from '@cassette/plugin-sdk/server';

/** The SDK's headless flags, and those of a browser that only runs tests and answers on loopback. */
const FLAGS = [
  ...HEADLESS_CHROMIUM_ARGS,
  '--no-default-browser-check',
  '--disable-extensions',
  '--mute-audio',
  '--remote-debugging-address=127.0.0.1',
  '--remote-debugging-port=0',
];

export interface ChromiumProcess {
  /** The DevTools port: Playwright connects here, and so does Lighthouse. */
  port: number;
  pid: number;
  /** Kills the process group and removes the profile; safe to call twice. */
  kill(): Promise<void>;
}

/**
 * Starts one Chromium for one run, in its own process group and profile directory, and waits
 * for its DevTools port. Owning the process (rather than letting Playwright spawn it) is what
 * lets a hung run be ended for sure: SIGKILL to the group takes every renderer with it.
 */
export async function launchChromium(executablePath: string, startTimeoutMs = 20_000): Promise<ChromiumProcess> {
  const profile = await mkdtemp(join(tmpdir(), 'cassette-synthetic-'));
  // The browser gets no server secrets: only what a browser needs from the environment.
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: profile, TMPDIR: tmpdir(), LANG: 'en_US.UTF-8', TZ: 'UTC' };
  const child: ChildProcess = spawn(executablePath, [...FLAGS, `--user-data-dir=${profile}`, 'about:blank'], { env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let killed = false;
  const kill = async () => {
    if (killed) return;
    killed = true;
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        setTimeout(resolve, 5000).unref();
      });
    }
    await rm(profile, { recursive: true, force: true }).catch(() => undefined);
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let text = '';
      const timer = setTimeout(() => reject(new Error(`Chromium did not start within ${startTimeoutMs} ms`)), startTimeoutMs);
      child.stderr!.on('data', (chunk: Buffer) => {
        text = (text + chunk.toString('utf8')).slice(-4000);
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`Chromium could not be started from ${executablePath}: ${error.message}`));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (code ${code}) before it was ready: ${text.trim().split('\n').slice(-2).join(' ')}`));
      });
    });
    // Keep draining stderr, or a chatty browser blocks on a full pipe.
    child.stderr!.resume();
    return { port, pid: child.pid!, kill };
  } catch (error) {
    await kill();
    throw error;
  }
}

/** Whether a process id is still alive (for tests of the cleanup). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
