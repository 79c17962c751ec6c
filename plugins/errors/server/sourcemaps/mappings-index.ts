import { MappingsCursor, MappingsProblem, type CursorState } from './mappings-cursor.js';

/**
 * A source map's mappings kept as their text plus a checkpoint every 64 segments (the
 * cursor's state there: 32 bytes), instead of decoded arrays. A lookup starts at the last
 * checkpoint before the position and reads at most about 64 segments on from there, so it
 * costs microseconds while the whole index takes little more than the text itself.
 *
 * Lookups answer what `originalPositionFor` of `@jridgewell/trace-mapping` answers (its
 * default bias): on the generated line, the first segment at the column, else the last one
 * before it in column order (the library sorts a line whose segments are out of order; such
 * lines are read whole here, in the library's stable order).
 */

const SEGMENTS_PER_CHECKPOINT = 64;
/** Fields of one checkpoint in `checkpoints`: a cursor state. */
const STRIDE = 8;
const [POS, LINE, COLUMN, SOURCE, ORIGINAL_LINE, ORIGINAL_COLUMN, NAME, LENGTH] = [0, 1, 2, 3, 4, 5, 6, 7] as const;
/** Positions are kept in 32-bit integers; a larger one is no real position. */
const MAX_POSITION = 0x7fff_ffff;
/** What a typed array costs besides its elements (the array object, its buffer, the buffer's bookkeeping). */
const TYPED_ARRAY_OVERHEAD_BYTES = 256;
/** The index object and the header of its text. */
const INDEX_OVERHEAD_BYTES = 96;

/** The segment a generated position falls in. `length` 1 means the position maps to no source. */
export interface Segment {
  length: number;
  source: number;
  originalLine: number;
  originalColumn: number;
  name: number;
}

export class MappingsIndex {
  private constructor(
    private readonly mappings: string,
    private readonly checkpoints: Int32Array,
    /** Generated lines (from 0) whose segments are not in column order, ascending. */
    private readonly unsortedLines: Int32Array,
  ) {}

  /**
   * Reads the mappings once, checking every segment against the map's `sources` and `names`
   * counts. Throws MappingsProblem naming the generated line of the first wrong segment.
   */
  static build(mappings: string, sourceCount: number, nameCount: number): MappingsIndex {
    const cursor = new MappingsCursor(mappings);
    const checkpoints: number[] = [];
    const unsorted: number[] = [];
    let segments = 0;
    let line = -1;
    let previousColumn = 0;
    while (cursor.next()) {
      const problem = segmentProblem(cursor, sourceCount, nameCount);
      if (problem) throw new MappingsProblem(`line ${cursor.line + 1} has a mapping ${problem}`);
      if (cursor.line !== line) {
        line = cursor.line;
        previousColumn = 0;
      }
      if (cursor.column < previousColumn && unsorted[unsorted.length - 1] !== line) unsorted.push(line);
      previousColumn = cursor.column;
      if (segments++ % SEGMENTS_PER_CHECKPOINT === 0) {
        checkpoints.push(cursor.pos, cursor.line, cursor.column, cursor.source, cursor.originalLine, cursor.originalColumn, cursor.name, cursor.length);
      }
    }
    return new MappingsIndex(mappings, Int32Array.from(checkpoints), Int32Array.from(unsorted));
  }

  /** What the index holds in memory: itself, the text (one byte a character: it is base64) and the checkpoints. */
  get bytes(): number {
    return INDEX_OVERHEAD_BYTES + this.mappings.length + this.checkpoints.byteLength + this.unsortedLines.byteLength + 2 * TYPED_ARRAY_OVERHEAD_BYTES;
  }

  /** The segment at a generated line (from 0) and column (from 0), or null when none is at or before it on that line. */
  lookup(line: number, column: number): Segment | null {
    const sorted = !this.isUnsorted(line);
    const start = this.startFor(line, column, sorted);
    const cursor = new MappingsCursor(this.mappings);
    let best: Segment | null = null;
    let bestColumn = -1;
    if (start >= 0) {
      cursor.resume(this.stateAt(start));
      // The checkpoint's own segment is on the line and before the column (see startFor).
      if (sorted && cursor.line === line) {
        best = segmentOf(cursor);
        bestColumn = cursor.column;
      }
    }
    while (cursor.next()) {
      if (cursor.line < line) continue;
      if (cursor.line > line) break;
      if (cursor.column === column) return segmentOf(cursor);
      if (cursor.column < column) {
        // Among equal columns before the position, the library's answer is the last one.
        if (cursor.column >= bestColumn) {
          best = segmentOf(cursor);
          bestColumn = cursor.column;
        }
      } else if (sorted) {
        break;
      }
    }
    return best;
  }

  private isUnsorted(line: number): boolean {
    const lines = this.unsortedLines;
    let low = 0;
    let high = lines.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (lines[mid] === line) return true;
      if (lines[mid]! < line) low = mid + 1;
      else high = mid - 1;
    }
    return false;
  }

  /**
   * The last checkpoint to start reading from: before the line, or (on a line in column
   * order) on it before the column. -1: from the start of the text.
   */
  private startFor(line: number, column: number, sorted: boolean): number {
    const points = this.checkpoints;
    let low = 0;
    let high = points.length / STRIDE - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const at = mid * STRIDE;
      const before = points[at + LINE]! < line || (sorted && points[at + LINE] === line && points[at + COLUMN]! < column);
      if (before) {
        found = mid;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return found;
  }

  private stateAt(checkpoint: number): CursorState {
    const p = this.checkpoints;
    const at = checkpoint * STRIDE;
    return {
      pos: p[at + POS]!,
      line: p[at + LINE]!,
      column: p[at + COLUMN]!,
      source: p[at + SOURCE]!,
      originalLine: p[at + ORIGINAL_LINE]!,
      originalColumn: p[at + ORIGINAL_COLUMN]!,
      name: p[at + NAME]!,
      length: p[at + LENGTH]!,
    };
  }
}

function segmentOf(cursor: MappingsCursor): Segment {
  return { length: cursor.length, source: cursor.source, originalLine: cursor.originalLine, originalColumn: cursor.originalColumn, name: cursor.name };
}

/** Why a segment is wrong, or null. Only the values a segment carries are checked. */
function segmentProblem(s: MappingsCursor, sourceCount: number, nameCount: number): string | null {
  if (s.column < 0) return 'at a negative column';
  if (s.column > MAX_POSITION) return 'at a column too large to be a position';
  if (s.length === 1) return null;
  if (s.source < 0 || s.source >= sourceCount) return `to source ${s.source}, but the map has ${sourceCount} sources`;
  if (s.originalLine < 0 || s.originalColumn < 0) return 'to a negative line or column';
  if (s.originalLine > MAX_POSITION || s.originalColumn > MAX_POSITION) return 'to a line or column too large to be a position';
  if (s.length === 5 && (s.name < 0 || s.name >= nameCount)) return `to name ${s.name}, but the map has ${nameCount} names`;
  return null;
}
