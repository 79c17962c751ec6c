import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export type Rgb = readonly [number, number, number];

export interface Comparison {
  /** 1 − differing / considered; 1 when nothing is considered. */
  score: number;
  /** Pixels where the live page or the replay shows something other than the page background. */
  considered: number;
  /** Considered pixels pixelmatch finds different (anti-aliasing not counted). */
  differing: number;
  /** Pixels of the live page that are not background: a live page must show something. */
  liveContent: number;
  background: Rgb;
  /** The live page faded, differing pixels in red (for diagnosis). */
  diff: PNG;
}

/** pixelmatch's colour distance (0…1) under which two pixels count as the same. */
const MATCH_THRESHOLD = 0.1;

/** The colour most pixels of the live page have: the page background. */
export function backgroundOf(image: PNG): Rgb {
  const counts = new Map<number, number>();
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best = 0;
  let bestCount = -1;
  for (const [key, count] of counts) if (count > bestCount) [best, bestCount] = [key, count];
  return [(best >> 16) & 0xff, (best >> 8) & 0xff, best & 0xff];
}

/**
 * Which pixels look like the background, by the same measure the comparison uses: a white blank
 * replay over an off-white page is background too, so it cannot inflate what is considered.
 */
function backgroundMask(image: PNG, bg: Rgb): Uint8Array {
  const { width, height } = image;
  const solid = new PNG({ width, height });
  for (let i = 0; i < solid.data.length; i += 4) {
    solid.data[i] = bg[0];
    solid.data[i + 1] = bg[1];
    solid.data[i + 2] = bg[2];
    solid.data[i + 3] = 255;
  }
  const marks = new PNG({ width, height });
  pixelmatch(image.data, solid.data, marks.data, width, height, { threshold: MATCH_THRESHOLD, includeAA: true, diffMask: true });
  const mask = new Uint8Array(width * height);
  for (let p = 0; p < mask.length; p++) mask[p] = marks.data[p * 4 + 3] === 0 ? 1 : 0;
  return mask;
}

/**
 * Compares the replay's end with the live page's, on the pixels either shows: pixels that are
 * background in both are left out, so a blank replay of a small form scores near 0 instead of
 * near 1 (the empty screen around the form would otherwise match).
 */
export function compareScreens(livePng: Buffer, replayPng: Buffer): Comparison {
  const live = PNG.sync.read(livePng);
  const replay = PNG.sync.read(replayPng);
  if (live.width !== replay.width || live.height !== replay.height) {
    throw new Error(`the screenshots differ in size: live ${live.width}×${live.height}, replay ${replay.width}×${replay.height}`);
  }
  const { width, height } = live;
  const background = backgroundOf(live);
  const liveBg = backgroundMask(live, background);
  const replayBg = backgroundMask(replay, background);
  const ignore = new Uint8Array(width * height);
  let considered = 0;
  let liveContent = 0;
  for (let p = 0; p < width * height; p++) {
    if (!liveBg[p]) liveContent++;
    if (liveBg[p] && replayBg[p]) ignore[p] = 1;
    else considered++;
  }
  const diff = new PNG({ width, height });
  const differing = pixelmatch(live.data, replay.data, diff.data, width, height, { threshold: MATCH_THRESHOLD, ignoreMask: ignore, alpha: 0.2 });
  const score = considered === 0 ? 1 : 1 - differing / considered;
  return { score, considered, differing, liveContent, background, diff };
}
