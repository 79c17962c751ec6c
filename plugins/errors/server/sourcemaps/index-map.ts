import { MappingsCursor } from './mappings-cursor.js';
import { MappingsWriter } from './mappings-writer.js';
import { resolvedSources } from './resolved-sources.js';

/** One part of an index map (`sections`), as validated: a regular map placed at an offset. */
export interface MapSection {
  offset: { line: number; column: number };
  map: { mappings: string; sources: string[]; sourceRoot?: string; names?: string[]; sourcesContent?: (string | null)[] | null };
}

/** An index map joined into one regular map; its sources are already joined with each part's `sourceRoot`. */
export interface JoinedMap {
  mappings: string;
  sources: string[];
  names: string[];
  sourcesContent: (string | null)[];
}

/**
 * Joins the parts of an index map into one map, segment by segment, as the mapping library's
 * `FlattenMap` does: each part's positions move by its offset (the column only on its first
 * line), its sources and names are numbered after the parts before it, and it stops where the
 * next part begins. Nothing is held decoded: the joined mappings are written as text.
 */
export function joinIndexMap(sections: readonly MapSection[]): JoinedMap {
  const writer = new MappingsWriter();
  const sources: string[] = [];
  const names: string[] = [];
  const sourcesContent: (string | null)[] = [];
  sections.forEach(({ offset, map }, i) => {
    const next = sections[i + 1]?.offset;
    const stopLine = next ? next.line : Infinity;
    const stopColumn = next ? next.column : Infinity;
    const sourcesBefore = sources.length;
    const namesBefore = names.length;
    const cursor = new MappingsCursor(map.mappings);
    while (cursor.next()) {
      const line = offset.line + cursor.line;
      if (line > stopLine) break;
      const column = (cursor.line === 0 ? offset.column : 0) + cursor.column;
      // The next part owns its first line from its column on.
      if (line === stopLine && column >= stopColumn) continue;
      writer.add(
        line,
        column,
        cursor.length === 1
          ? undefined
          : { source: sourcesBefore + cursor.source, originalLine: cursor.originalLine, originalColumn: cursor.originalColumn, name: cursor.length === 5 ? namesBefore + cursor.name : undefined },
      );
    }
    sources.push(...resolvedSources(map.sources, map.sourceRoot));
    names.push(...(map.names ?? []));
    // One entry per source, so a part without contents does not shift the next part's.
    for (let s = 0; s < map.sources.length; s++) sourcesContent.push(map.sourcesContent?.[s] ?? null);
  });
  return { mappings: writer.toString(), sources, names, sourcesContent };
}
