import type { ResolvedStack, StackFrame } from '../../api.js';
import type { DecodedMap } from './decoded-map.js';
import { readableSourcePath, scriptPathSuffixes } from './sourcemap-paths.js';
import type { SourceMapStore, StoredMap } from './sourcemap-store.js';

/** Lines of code shown before and after a frame's line. */
export const CONTEXT_LINES = 5;
/** Longer source lines (inlined data, minified vendor code) are cut for the viewer. */
export const MAX_CONTEXT_LINE_LENGTH = 1_000;

type ResolvedFrame = ResolvedStack['frames'][number];

/** A frame's original position with its code around, taken at once: no decoded map is held across a frame. */
interface MappedPosition {
  source: string;
  line: number;
  column: number;
  name: string | null;
  context: [number, string][] | null;
}

/** Maps recorded stacks to the original sources with the project's uploaded maps. */
export class StackResolver {
  constructor(private readonly store: SourceMapStore) {}

  /**
   * One result frame per recorded frame, in the same order. `release` is the occurrence's;
   * when it has none, the newest upload of each script is used.
   */
  async resolve(projectId: number, release: string | null, frames: StackFrame[], raw: string | null): Promise<ResolvedStack> {
    // Frames of one script share a lookup (and, through the cache, one read and decode).
    const mapsByScript = new Map<string, Promise<StoredMap | null>>();
    const mapFor = (url: string) => {
      const suffixes = scriptPathSuffixes(url);
      const id = suffixes[0] ?? '';
      if (!mapsByScript.has(id)) mapsByScript.set(id, this.store.findForScript(projectId, release, suffixes));
      return mapsByScript.get(id)!;
    };
    const positions: (MappedPosition | null)[] = [];
    for (const frame of frames) positions.push(await this.position(frame, mapFor));
    const resolved = frames.map((frame, i) => this.frameOf(frame, positions[i]!, positions[i + 1] ?? null));
    return {
      frames: resolved,
      raw,
      sourcemapsMissing: frames.some((frame, i) => frame.inApp && !resolved[i]!.mapped && looksBuilt(frame)),
      release,
    };
  }

  private async position(frame: StackFrame, mapFor: (url: string) => Promise<StoredMap | null>): Promise<MappedPosition | null> {
    const url = frame.absPath ?? frame.filename;
    if (!url || !frame.lineNo || !frame.colNo) return null;
    const stored = await mapFor(url);
    const map = stored ? await this.store.decoded(stored) : null;
    if (!map) return null;
    const found = map.originalPosition(frame.lineNo, frame.colNo - 1);
    if (!found) return null;
    return { source: found.source, line: found.line, column: found.column, name: found.name, context: contextAround(map, found.sourceIndex, found.line) };
  }

  private frameOf(frame: StackFrame, position: MappedPosition | null, caller: MappedPosition | null): ResolvedFrame {
    if (!position) return { ...frame, context: frame.context ?? null, mapped: false };
    const filename = readableSourcePath(position.source);
    return {
      absPath: position.source,
      filename,
      // Minified function names are meaningless; the caller's call site names the function
      // it calls (`parseCart(...)`), which is this frame's original name.
      function: caller?.name ?? frame.function,
      lineNo: position.line,
      colNo: position.column + 1,
      offset: frame.offset,
      context: position.context,
      // Library code bundled into the site is not the site's own code.
      inApp: frame.inApp && !/(^|\/)node_modules\//.test(filename),
      mapped: true,
    };
  }
}

function contextAround(map: DecodedMap, sourceIndex: number, line: number): [number, string][] | null {
  const first = Math.max(1, line - CONTEXT_LINES);
  const lines = map.sourceLines(sourceIndex, first, line + CONTEXT_LINES);
  // The map's code must reach the frame's line, else it is not the code that ran.
  if (!lines || first + lines.length - 1 < line) return null;
  return lines.map((text, i) => [first + i, text.length > MAX_CONTEXT_LINE_LENGTH ? `${text.slice(0, MAX_CONTEXT_LINE_LENGTH)}…` : text]);
}

/** Built output: `.min.js`, a content-hashed chunk, or code on very long lines. */
const BUILT_FILE = /(\.min\.[cm]?js|[.-][0-9a-f]{6,}(\.chunk)?\.[cm]?js|[.-](?=[\w-]*\d)(?=[\w-]*[A-Z])[\w-]{8}\.[cm]?js)$/;
const LONG_LINE_COLUMN = 250;

/**
 * Whether a frame is in code a build produced, which a source map would explain. A hand-written
 * script served as is (line 140, column 12 of `demo.js`) needs no map, so it does not make the
 * viewer ask for one.
 */
export function looksBuilt(frame: StackFrame): boolean {
  return BUILT_FILE.test(frame.filename ?? '') || (frame.colNo ?? 0) > LONG_LINE_COLUMN;
}
