import fc from 'fast-check';
import { decodedMappings, TraceMap, type SourceMapSegment } from '@jridgewell/trace-mapping';
import { describe, expect, it } from 'vitest';
import { MappingsWriter } from './mappings-writer.js';

describe('MappingsWriter', () => {
  it('writes mappings the mapping library decodes back to the same segments', () => {
    const segment = fc.oneof(
      fc.tuple(fc.nat(5_000)).map(([c]): SourceMapSegment => [c]),
      fc.tuple(fc.nat(5_000), fc.nat(20), fc.nat(100_000), fc.nat(300)).map((s): SourceMapSegment => s),
      fc.tuple(fc.nat(5_000), fc.nat(20), fc.nat(100_000), fc.nat(300), fc.nat(50)).map((s): SourceMapSegment => s),
    );
    fc.assert(
      fc.property(fc.array(fc.array(segment, { maxLength: 30 }).map((line) => line.sort((a, b) => a[0] - b[0])), { maxLength: 8 }), (lines) => {
        const writer = new MappingsWriter();
        lines.forEach((line, l) => {
          for (const s of line) writer.add(l, s[0], s.length === 1 ? undefined : { source: s[1], originalLine: s[2], originalColumn: s[3], name: s[4] });
        });
        const decoded = decodedMappings(new TraceMap({ version: 3, sources: [], names: [], mappings: writer.toString() }));
        // Trailing empty lines are not written: the decoded map ends at the last segment's line.
        const lastUsed = lines.findLastIndex((line) => line.length > 0);
        expect(decoded.slice(0, lastUsed + 1)).toEqual(lines.slice(0, lastUsed + 1));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a segment on a line before the last one written', () => {
    const writer = new MappingsWriter();
    writer.add(2, 0);
    expect(() => writer.add(1, 0)).toThrow(/line order/);
  });
});
