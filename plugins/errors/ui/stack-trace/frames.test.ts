import { describe, expect, it } from 'vitest';
import { frameBlocks, frameLocation, frameFunction, initiallyOpenFrame, type ViewerFrame } from './frames.js';

const frame = (offset: number, inApp: boolean, extra: Partial<ViewerFrame> = {}): ViewerFrame => ({
  absPath: `https://shop.test/f${offset}.js`,
  filename: `f${offset}.js`,
  function: `fn${offset}`,
  lineNo: 10,
  colNo: 3,
  offset,
  context: null,
  inApp,
  mapped: false,
  ...extra,
});

describe('frameBlocks', () => {
  it('keeps app frames one by one and folds runs of library frames together', () => {
    const blocks = frameBlocks([frame(0, false), frame(1, false), frame(2, true), frame(3, true), frame(4, false)]);
    expect(blocks.map((b) => (b.kind === 'app' ? `app:${b.frame.offset}` : `lib:${b.frames.map((f) => f.offset).join(',')}`))).toEqual(['lib:0,1', 'app:2', 'app:3', 'lib:4']);
  });
});

describe('initiallyOpenFrame', () => {
  it('opens the first in-app frame, or none', () => {
    expect(initiallyOpenFrame([frame(0, false), frame(1, true), frame(2, true)])).toBe(1);
    expect(initiallyOpenFrame([frame(0, false)])).toBeNull();
  });
});

describe('frame labels', () => {
  it('names the function and the position as far as known', () => {
    expect(frameFunction(frame(0, true))).toBe('fn0');
    expect(frameFunction(frame(0, true, { function: null }))).toBe('<anonymous>');
    expect(frameLocation(frame(0, true))).toBe('f0.js:10:3');
    expect(frameLocation(frame(0, true, { colNo: null }))).toBe('f0.js:10');
    expect(frameLocation(frame(0, true, { lineNo: null }))).toBe('f0.js');
    expect(frameLocation(frame(0, true, { filename: null }))).toBe('https://shop.test/f0.js:10:3');
    expect(frameLocation(frame(0, true, { filename: null, absPath: null }))).toBe('<unknown file>:10:3');
  });
});
