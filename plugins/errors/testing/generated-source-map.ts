// Test support: source maps of any size, generated from a seed, shaped like a minifier's (a few
// very long generated lines of short segments, most with a name), encoded by the mapping
// library's own encoder.
import { encodedMappings, presortedDecodedMap, type SourceMapSegment } from '@jridgewell/trace-mapping';

export interface GeneratedMapOptions {
  seed: number;
  segments: number;
  /** Generated lines the segments are spread over (default 3). */
  lines?: number;
  sources?: number;
  /** Characters of code per source in `sourcesContent` (0: no sourcesContent). */
  contentPerSource?: number;
  names?: number;
}

export interface GeneratedMap {
  json: string;
  /** Where a frame maps for sure: a generated line (from 1) and column (from 1, as stacks give them) that a segment starts at. */
  frame: { lineNo: number; colNo: number };
  segments: number;
}

function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export function generateSourceMap(options: GeneratedMapOptions): GeneratedMap {
  const random = seeded(options.seed);
  const int = (below: number) => Math.floor(random() * below);
  const lineCount = options.lines ?? 3;
  const sourceCount = options.sources ?? 40;
  const nameCount = options.names ?? 2_000;
  const contentPerSource = options.contentPerSource ?? 0;
  const perLine = Math.ceil(options.segments / lineCount);
  const mappings: SourceMapSegment[][] = [];
  let originalLine = 0;
  for (let line = 0, left = options.segments; line < lineCount; line++) {
    const segments: SourceMapSegment[] = [];
    let column = 0;
    for (let i = 0; i < perLine && left > 0; i++, left--) {
      column += 1 + int(12);
      originalLine = Math.max(0, originalLine + int(5) - 1);
      const source = int(sourceCount);
      segments.push(random() < 0.7 ? [column, source, originalLine % 400, int(80), int(nameCount)] : [column, source, originalLine % 400, int(80)]);
    }
    mappings.push(segments);
  }
  const sources = Array.from({ length: sourceCount }, (_, i) => `../../src/generated/module-${options.seed}-${i}.ts`);
  const names = Array.from({ length: nameCount }, (_, i) => `name${options.seed}_${i}`);
  const encoded = encodedMappings(presortedDecodedMap({ version: 3, sources, names, mappings }));
  const map: Record<string, unknown> = { version: 3, file: `bundle-${options.seed}.min.js`, sources, names, mappings: encoded };
  if (contentPerSource > 0) {
    map.sourcesContent = sources.map((_, i) => {
      const line = `export const value${options.seed}_${i} = compute(order.items.length, region); // generated\n`;
      return line.repeat(Math.ceil(contentPerSource / line.length)).slice(0, contentPerSource);
    });
  }
  const middle = mappings[0]![Math.floor(mappings[0]!.length / 2)]!;
  return { json: JSON.stringify(map), frame: { lineNo: 1, colNo: middle[0] + 1 }, segments: options.segments };
}
