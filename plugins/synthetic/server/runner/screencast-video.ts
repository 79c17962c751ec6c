import { spawn } from 'node:child_process';
import type { CDPSession, Page } from 'playwright-core';

/** Frames per second written to the video: the last screencast frame is repeated in between. */
const FPS = 5;
/** Longest video kept (frames past it are dropped): a run is bounded anyway. */
const MAX_FRAMES = FPS * 60 * 15;

export interface ScreencastVideo {
  /** Stops the screencast and answers the WebM file. */
  finish(): Promise<Buffer>;
  /** Stops without a file (the run's browser is going away). */
  abort(): Promise<void>;
}

/**
 * A real-time WebM (VP8) of the page from DevTools screencast frames, encoded by ffmpeg as they
 * come: Playwright's own recorder needs an ffmpeg build of its registry, which is not installed.
 */
export async function startScreencastVideo(page: Page, ffmpegPath: string): Promise<ScreencastVideo> {
  const session: CDPSession = await page.context().newCDPSession(page);
  const ffmpeg = spawn(
    ffmpegPath,
    ['-loglevel', 'error', '-f', 'image2pipe', '-framerate', String(FPS), '-c:v', 'mjpeg', '-i', 'pipe:0', '-c:v', 'libvpx', '-b:v', '800k', '-deadline', 'realtime', '-cpu-used', '8', '-pix_fmt', 'yuv420p', '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2', '-f', 'webm', 'pipe:1'],
    { stdio: ['pipe', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
  );
  const chunks: Buffer[] = [];
  let errorText = '';
  ffmpeg.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  ffmpeg.stderr.on('data', (chunk: Buffer) => (errorText = (errorText + chunk.toString()).slice(-2000)));
  const exited = new Promise<number | null>((resolve, reject) => {
    ffmpeg.once('error', reject);
    ffmpeg.once('close', (code) => resolve(code));
  });
  exited.catch(() => undefined);
  ffmpeg.stdin.on('error', () => undefined);

  let latest: Buffer | null = null;
  let frames = 0;
  session.on('Page.screencastFrame', (frame: { data: string; sessionId: number }) => {
    latest = Buffer.from(frame.data, 'base64');
    session.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
  });
  await session.send('Page.startScreencast', { format: 'jpeg', quality: 60, maxWidth: 1280, maxHeight: 800, everyNthFrame: 1 });
  const tick = setInterval(() => {
    if (latest && frames < MAX_FRAMES && ffmpeg.stdin.writable) {
      ffmpeg.stdin.write(latest);
      frames++;
    }
  }, 1000 / FPS);

  const stop = async () => {
    clearInterval(tick);
    // A page stuck in a loop never answers: the browser is killed right after anyway.
    const bounded = (work: Promise<unknown>) => Promise.race([work.catch(() => undefined), new Promise((r) => setTimeout(r, 2000).unref())]);
    await bounded(session.send('Page.stopScreencast'));
    await bounded(session.detach());
  };
  return {
    async finish() {
      await stop();
      if (latest && frames === 0) ffmpeg.stdin.write(latest);
      ffmpeg.stdin.end();
      const code = await exited;
      if (code !== 0) throw new Error(`ffmpeg failed (${code}): ${errorText.trim()}`);
      return Buffer.concat(chunks);
    },
    async abort() {
      await stop();
      ffmpeg.kill('SIGKILL');
      await exited.catch(() => undefined);
    },
  };
}
