import type { ResolvedStack } from '../../api.js';

export type ViewerFrame = ResolvedStack['frames'][number];

/** Frames in the order they show, app code apart from library code so the latter can fold away. */
export type FrameBlock = { kind: 'app'; frame: ViewerFrame } | { kind: 'library'; frames: ViewerFrame[] };

export function frameBlocks(frames: readonly ViewerFrame[]): FrameBlock[] {
  const blocks: FrameBlock[] = [];
  for (const frame of frames) {
    const last = blocks.at(-1);
    if (frame.inApp) blocks.push({ kind: 'app', frame });
    else if (last?.kind === 'library') last.frames.push(frame);
    else blocks.push({ kind: 'library', frames: [frame] });
  }
  return blocks;
}

/** The frame open at first: where the app's own code was when it threw. */
export function initiallyOpenFrame(frames: readonly ViewerFrame[]): number | null {
  return frames.find((f) => f.inApp)?.offset ?? null;
}

export const frameFunction = (frame: ViewerFrame) => frame.function || '<anonymous>';

/** "src/cart.ts:42:7": the file with as much of the position as is known. */
export function frameLocation(frame: ViewerFrame): string {
  const file = frame.filename || frame.absPath || '<unknown file>';
  if (frame.lineNo == null) return file;
  return frame.colNo == null ? `${file}:${frame.lineNo}` : `${file}:${frame.lineNo}:${frame.colNo}`;
}
