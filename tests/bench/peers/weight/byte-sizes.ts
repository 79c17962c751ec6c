import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What a script weighs on the wire: as served (minified) and compressed the two ways servers do. */
export interface ByteSizes {
  min: number;
  gzip: number;
  brotli: number;
}

/** Gzip at level 9 and brotli at quality 11: the settings a site precompressing its assets would use. */
export function measureBytes(code: Uint8Array | string): ByteSizes {
  const bytes = typeof code === 'string' ? Buffer.from(code, 'utf8') : code;
  return {
    min: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length,
  };
}

export function addSizes(a: ByteSizes, b: ByteSizes): ByteSizes {
  return { min: a.min + b.min, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli };
}

export const NO_BYTES: ByteSizes = { min: 0, gzip: 0, brotli: 0 };

/** Kilobytes (1,024 bytes) with one decimal, as a number so tables right-align it. */
export function kilobytes(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}

/** How many times `ours` the size is, two decimals; null when there is nothing to compare with. */
export function timesOurs(bytes: number, ours: number): number | null {
  if (!(ours > 0) || !Number.isFinite(bytes)) return null;
  return Math.round((bytes / ours) * 100) / 100;
}
