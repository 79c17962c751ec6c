import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { addSizes, kilobytes, measureBytes, timesOurs } from './byte-sizes.js';

describe('measureBytes', () => {
  it('counts the bytes as served and as each compression sends them', () => {
    const code = 'function record(){return"é"}'.repeat(200);
    const sizes = measureBytes(code);
    expect(sizes.min).toBe(Buffer.byteLength(code, 'utf8'));
    expect(sizes.gzip).toBeLessThan(sizes.min / 10);
    expect(sizes.brotli).toBeLessThan(sizes.gzip);
    // Level 9 is the strongest gzip: never larger than the default level.
    expect(sizes.gzip).toBeLessThanOrEqual(gzipSync(code).length);
  });

  it('takes a buffer as it is', () => {
    const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x61]);
    expect(measureBytes(bytes).min).toBe(4);
    expect(measureBytes('').min).toBe(0);
  });
});

describe('size helpers', () => {
  it('adds sizes field by field', () => {
    expect(addSizes({ min: 10, gzip: 4, brotli: 3 }, { min: 5, gzip: 2, brotli: 1 })).toEqual({ min: 15, gzip: 6, brotli: 4 });
  });

  it('prints kilobytes of 1,024 bytes with one decimal', () => {
    expect(kilobytes(1024)).toBe(1);
    expect(kilobytes(30_310)).toBe(29.6);
    expect(kilobytes(0)).toBe(0);
  });

  it('gives the ratio to ours with two decimals, and none without a reference', () => {
    expect(timesOurs(60_000, 30_000)).toBe(2);
    expect(timesOurs(22_500, 29_600)).toBe(0.76);
    expect(timesOurs(200_000, 29_600)).toBe(6.76);
    expect(timesOurs(1000, 0)).toBeNull();
    expect(timesOurs(Number.NaN, 1000)).toBeNull();
  });
});
