import { joinIndexMap, type MapSection } from './index-map.js';
import { MappingsProblem } from './mappings-cursor.js';
import { MappingsIndex } from './mappings-index.js';
import { resolvedSources } from './resolved-sources.js';

/** Where a generated position came from: the source (by index and resolved path), line (from 1), column (from 0), name. */
export interface OriginalPosition {
  sourceIndex: number;
  source: string;
  line: number;
  column: number;
  name: string | null;
}

/** The fields of a map that positions and code are read from (a regular map, or an index map's `sections`). */
export interface SourceMapFields {
  mappings?: string;
  sources?: string[];
  sourceRoot?: string;
  names?: string[];
  sourcesContent?: (string | null)[] | null;
  sections?: MapSection[];
}

/**
 * What V8 takes for a string besides its characters (map, hash, length, alignment), and
 * for an array or object besides its slots: `estimatedBytes` counts these as well as the
 * characters, so a map of many small names is not under-counted.
 */
const STRING_OVERHEAD_BYTES = 24;
const OBJECT_OVERHEAD_BYTES = 64;
const SLOT_BYTES = 8;
const LINE_BREAK = /\r\n|\r|\n/g;

/**
 * A source map ready to answer lookups, kept lean: the mappings as their text with a sparse
 * index (`mappings-index.ts`), the resolved source paths, the names and the sources' code as
 * the JSON held them. Nothing grows after it is built, so `estimatedBytes`, taken then, is what
 * it keeps holding; the decoded-map cache is bounded by it.
 */
export class DecodedMap {
  private constructor(
    private readonly mappings: MappingsIndex,
    /** Source paths joined with `sourceRoot`, one per source index. */
    readonly sources: readonly string[],
    private readonly names: readonly string[],
    private readonly contents: readonly (string | null)[],
    /** What it occupies in memory, in bytes: the cache's measure. */
    readonly estimatedBytes: number,
  ) {}

  /** Decodes a stored map's JSON. Throws on a map that is not one (a SyntaxError, MappingsProblem or TypeError). */
  static fromJson(text: string): DecodedMap {
    return DecodedMap.fromFields(JSON.parse(text) as SourceMapFields);
  }

  /** From a parsed map (regular or index). Throws MappingsProblem when its mappings are wrong. */
  static fromFields(map: SourceMapFields): DecodedMap {
    const regular = map.sections
      ? joinIndexMap(map.sections)
      : { mappings: map.mappings, sources: resolvedSources(map.sources ?? [], map.sourceRoot), names: map.names ?? [], sourcesContent: map.sourcesContent ?? [] };
    if (typeof regular.mappings !== 'string') throw new MappingsProblem('the map has no mappings');
    // As the mapping library does for a joined index map, the joined paths are resolved once more (a no-op for plain paths).
    const sources = map.sections ? resolvedSources(regular.sources) : regular.sources;
    const contents = sources.map((_, i) => {
      const content = regular.sourcesContent[i];
      return typeof content === 'string' ? content : null;
    });
    const index = MappingsIndex.build(regular.mappings, sources.length, regular.names.length);
    const estimatedBytes = OBJECT_OVERHEAD_BYTES + index.bytes + stringsBytes(sources) + stringsBytes(regular.names) + stringsBytes(contents);
    return new DecodedMap(index, sources, regular.names, contents, estimatedBytes);
  }

  /**
   * The original position of a generated one: `line` from 1, `column` from 0 (as the mapping
   * library's `originalPositionFor` takes them). Null when nothing is mapped there.
   */
  originalPosition(line: number, column: number): OriginalPosition | null {
    if (!Number.isInteger(line) || !Number.isInteger(column) || line < 1 || column < 0) return null;
    const segment = this.mappings.lookup(line - 1, column);
    if (!segment || segment.length === 1) return null;
    return {
      sourceIndex: segment.source,
      source: this.sources[segment.source]!,
      line: segment.originalLine + 1,
      column: segment.originalColumn,
      name: segment.length === 5 ? (this.names[segment.name] ?? null) : null,
    };
  }

  /**
   * Lines `first` to `last` (from 1) of a source's code as the map carries it, fewer when the
   * code ends sooner; null without code. Lines are cut from the code on each call, never kept.
   */
  sourceLines(sourceIndex: number, first: number, last: number): string[] | null {
    const content = this.contents[sourceIndex];
    if (typeof content !== 'string') return null;
    const lines: string[] = [];
    const breaks = new RegExp(LINE_BREAK);
    let lineNumber = 1;
    let start = 0;
    while (lineNumber <= last) {
      const found = breaks.exec(content);
      const end = found ? found.index : content.length;
      if (lineNumber >= first) lines.push(content.slice(start, end));
      if (!found) break;
      start = breaks.lastIndex;
      lineNumber++;
    }
    return lines;
  }
}

/** Bytes of an array of strings: its slots and each string (two bytes a character once one is outside Latin-1, as V8 stores it). */
function stringsBytes(strings: readonly (string | null)[]): number {
  let bytes = OBJECT_OVERHEAD_BYTES + strings.length * SLOT_BYTES;
  for (const text of strings) {
    if (text !== null) bytes += STRING_OVERHEAD_BYTES + text.length * (/[^\0-\xff]/.test(text) ? 2 : 1);
  }
  return bytes;
}
