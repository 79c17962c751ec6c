import type { Browser, Page } from 'playwright';
import { CLOCK_ELEMENT_ID, TITLE_ELEMENT_ID, clockText } from './recording-generator.js';

export interface PlayerTarget {
  baseUrl: string;
  jwt: string;
  projectId: number;
  sessionId: string;
  /** The first page's title, which the first frame shows. */
  firstTitle: string;
  /** Where to seek (ms into the recording). */
  seekToMs: number;
}

export interface PlayerTiming {
  /** From the start of the navigation to the player page until the replay iframe shows the first page. */
  firstFrameMs: number;
  /** From pressing the timeline until the iframe shows the clock of the sought moment. */
  seekMs: number;
  /** Where the player says it landed (ms). */
  landedAtMs: number;
  /** The recording's length as the timeline shows it (ms). */
  timelineMs: number;
}

/** The app logged in as the owner: the token the login page would have stored. */
async function logIn(page: Page, target: PlayerTarget): Promise<void> {
  await page.goto(`${target.baseUrl}/login`);
  await page.evaluate(
    ({ jwt, projectId }) => {
      localStorage.setItem('jwt', jwt);
      localStorage.setItem('siteId', String(projectId));
    },
    { jwt: target.jwt, projectId: target.projectId },
  );
}

/**
 * One cold opening of the player (a new browser context: nothing cached) and one seek. Times
 * are taken in the page (`performance.now()`, polled every animation frame), so the round trips
 * of the browser driver are not in them.
 */
export async function timePlayer(browser: Browser, target: PlayerTarget): Promise<PlayerTiming> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    await logIn(page, target);
    await page.goto(`${target.baseUrl}/${target.projectId}/session/${target.sessionId}`, { waitUntil: 'commit' });
    // performance.now() counts from the start of this navigation.
    const firstFrame = await page.waitForFunction(
      ({ titleId, title }) => {
        const frame = document.querySelector<HTMLIFrameElement>('[data-testid="player-replay"] iframe');
        return frame?.contentDocument?.getElementById(titleId)?.textContent === title ? performance.now() : false;
      },
      { titleId: TITLE_ELEMENT_ID, title: target.firstTitle },
      { polling: 'raf', timeout: 120_000 },
    );
    const firstFrameMs = (await firstFrame.jsonValue()) as number;

    const track = page.getByTestId('player-timeline-track');
    const timelineHandle = await page.waitForFunction(() => Number(document.querySelector('[data-testid="player-timeline-track"]')?.getAttribute('aria-valuemax') ?? 0) || false, undefined, { timeout: 60_000 });
    const timelineMs = (await timelineHandle.jsonValue()) as number;
    if (target.seekToMs >= timelineMs) throw new Error(`the timeline is ${timelineMs} ms long, too short to seek to ${target.seekToMs} ms`);
    const box = await track.boundingBox();
    if (!box) throw new Error('the player timeline is not on screen');
    await page.evaluate(() => {
      const w = window as unknown as { benchSeekAt?: number };
      delete w.benchSeekAt;
      document.addEventListener('pointerdown', () => (w.benchSeekAt = performance.now()), { capture: true, once: true });
    });
    await page.mouse.click(box.x + (box.width * target.seekToMs) / timelineMs, box.y + box.height / 2);
    const seek = await page.waitForFunction(
      ({ clockId, expected }) => {
        const at = (window as unknown as { benchSeekAt?: number }).benchSeekAt;
        const frame = document.querySelector<HTMLIFrameElement>('[data-testid="player-replay"] iframe');
        return at !== undefined && frame?.contentDocument?.getElementById(clockId)?.textContent === expected ? performance.now() - at : false;
      },
      { clockId: CLOCK_ELEMENT_ID, expected: clockText(target.seekToMs) },
      { polling: 'raf', timeout: 120_000 },
    );
    const seekMs = (await seek.jsonValue()) as number;
    const landedAtMs = Number(await track.getAttribute('aria-valuenow'));
    return { firstFrameMs, seekMs, landedAtMs, timelineMs };
  } finally {
    await context.close();
  }
}
