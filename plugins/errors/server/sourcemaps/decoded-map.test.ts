import fc from 'fast-check';
import { AnyMap, encodedMappings, originalPositionFor, presortedDecodedMap, type SourceMapSegment } from '@jridgewell/trace-mapping';
import { describe, expect, it } from 'vitest';
import { DecodedMap } from './decoded-map.js';

/** What the mapping library answers, in DecodedMap's terms. */
function libraryAnswer(map: ReturnType<typeof AnyMap>, line: number, column: number) {
  const found = originalPositionFor(map, { line, column });
  return found.source === null ? null : { source: found.source, line: found.line, column: found.column, name: found.name };
}

function ourAnswer(map: DecodedMap, line: number, column: number) {
  const found = map.originalPosition(line, column);
  return found && { source: found.source, line: found.line, column: found.column, name: found.name };
}

/** Every position of every line, and a column and a line past the end. */
function expectSameAnswers(json: string): void {
  const ours = DecodedMap.fromJson(json);
  const library = new AnyMap(json);
  const parsed = JSON.parse(json) as { sections?: unknown[] };
  const lines = 2 + (json.match(/;/g)?.length ?? 0) + (parsed.sections ? 20 : 0);
  for (let line = 1; line <= lines; line++) {
    for (let column = 0; column <= 40; column++) {
      expect(ourAnswer(ours, line, column), `line ${line}, column ${column} of ${json}`).toEqual(libraryAnswer(library, line, column));
    }
  }
  expect(ours.sources).toEqual(library.resolvedSources);
}

const SOURCES = 3;
const NAMES = 4;

/** Segments with small columns so that lines repeat columns, go out of order, and leave gaps. */
const segment = fc.oneof(
  fc.tuple(fc.nat(30)).map(([c]): SourceMapSegment => [c]),
  fc.tuple(fc.nat(30), fc.nat(SOURCES - 1), fc.nat(50), fc.nat(50)).map((s): SourceMapSegment => s),
  fc.tuple(fc.nat(30), fc.nat(SOURCES - 1), fc.nat(50), fc.nat(50), fc.nat(NAMES - 1)).map((s): SourceMapSegment => s),
);
const line = fc.oneof(
  fc.array(segment, { maxLength: 200 }).map((segments) => [...segments].sort((a, b) => a[0] - b[0])),
  fc.array(segment, { maxLength: 40 }),
);
const sourceRoot = fc.constantFrom(undefined, '', '/', 'src', 'webpack://shop/', 'https://cdn.example/app/');

function regularMap(lines: SourceMapSegment[][], root: string | undefined, tag = '') {
  const sources = Array.from({ length: SOURCES }, (_, i) => `../src/${tag}file${i}.ts`);
  const names = Array.from({ length: NAMES }, (_, i) => `${tag}name${i}`);
  // The library's encoder keeps each line's order as given.
  const mappings = encodedMappings(presortedDecodedMap({ version: 3, sources, names, mappings: lines }));
  return { version: 3 as const, sources, names, mappings, ...(root === undefined ? {} : { sourceRoot: root }), sourcesContent: sources.map((s) => `// ${s}\n`) };
}

describe('DecodedMap', () => {
  it('answers every generated position as the mapping library does, lines out of column order included', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), sourceRoot, (lines, root) => expectSameAnswers(JSON.stringify(regularMap(lines, root)))),
      { numRuns: 300 },
    );
  });

  it('answers long lines through its sparse index as the library does', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(3), fc.nat(SOURCES - 1), fc.nat(500), fc.nat(80)), { minLength: 300, maxLength: 1500 }), fc.boolean(), (steps, shuffled) => {
        let column = 0;
        const segments = steps.map(([step, source, originalLine, originalColumn]): SourceMapSegment => [(column += step), source, originalLine, originalColumn]);
        // An out-of-order line is read whole; the same segments in order go through the checkpoints.
        if (shuffled) segments.reverse();
        const json = JSON.stringify(regularMap([segments, segments.slice(0, 100)], undefined));
        const ours = DecodedMap.fromJson(json);
        const library = new AnyMap(json);
        for (let c = 0; c <= column + 2; c += 1 + (c % 7)) {
          expect(ourAnswer(ours, 1, c), `column ${c}`).toEqual(libraryAnswer(library, 1, c));
          expect(ourAnswer(ours, 2, c)).toEqual(libraryAnswer(library, 2, c));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('answers index maps (sections) as the library joins them', () => {
    const section = fc.record({ lines: fc.array(line, { maxLength: 4 }), root: sourceRoot, lineStep: fc.nat(3), column: fc.nat(20) });
    fc.assert(
      fc.property(fc.array(section, { minLength: 1, maxLength: 4 }), (parts) => {
        let offsetLine = 0;
        const sections = parts.map((part, i) => {
          // Offsets must increase: a part on the previous part's line starts after its column.
          const offset = { line: offsetLine + part.lineStep, column: part.column + (part.lineStep === 0 && i > 0 ? 21 * i : 0) };
          offsetLine = offset.line;
          return { offset, map: regularMap(part.lines, part.root, `s${i}-`) };
        });
        expectSameAnswers(JSON.stringify({ version: 3, sections }));
      }),
      { numRuns: 200 },
    );
  });

  it('reads a source line by line as the map carries it, whatever its line breaks', () => {
    const map = DecodedMap.fromJson(JSON.stringify({ version: 3, sources: ['a.ts', 'b.ts'], sourcesContent: ['one\r\ntwo\rthree\nfour\n', null], names: [], mappings: 'AAAA' }));
    expect(map.sourceLines(0, 1, 10)).toEqual(['one', 'two', 'three', 'four', '']);
    expect(map.sourceLines(0, 2, 3)).toEqual(['two', 'three']);
    expect(map.sourceLines(0, 7, 9)).toEqual([]);
    expect(map.sourceLines(1, 1, 3)).toBeNull();
    expect(map.sourceLines(5, 1, 3)).toBeNull();
  });

  it('counts what it holds: the mappings text once, sources, names and code at two bytes a character outside Latin-1', () => {
    const base = { version: 3, sources: ['a.ts'], names: [], mappings: 'AAAA,CAAC'.repeat(1) };
    const size = (content: string) => DecodedMap.fromJson(JSON.stringify({ ...base, sourcesContent: [content] })).estimatedBytes;
    expect(size('x'.repeat(100_001)) - size('x')).toBe(100_000);
    expect(size('\u201c'.repeat(100_001)) - size('\u201c')).toBe(200_000);
    const longer = DecodedMap.fromJson(JSON.stringify({ ...base, mappings: `AAAA${',CAAC'.repeat(100_000)}` })).estimatedBytes;
    // 5 characters a segment, and a 32-byte checkpoint every 64 segments.
    expect(longer - size('')).toBeGreaterThanOrEqual(500_000);
    expect(longer - size('')).toBeLessThan(500_000 + (100_000 / 64) * 32 + 1_000);
  });
});
