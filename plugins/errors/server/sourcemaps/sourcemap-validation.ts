import { badRequest, payloadTooLarge } from '@cassette/plugin-sdk/server';
import { SOURCEMAP_LIMITS } from '../../api.js';
import { DecodedMap, type SourceMapFields } from './decoded-map.js';
import { MappingsProblem } from './mappings-cursor.js';
import { MappingsIndex } from './mappings-index.js';
import { mappingsSyntaxProblem } from './mappings-syntax.js';
import { printable, sourcePathProblem } from './sourcemap-paths.js';

/** Index maps with more parts than this are not a bundler's output. */
export const MAX_INDEX_MAP_SECTIONS = 1_000;

/** A map that passed every check: its JSON text (what is stored), how many sources it names and its size decoded. */
export interface ValidatedSourceMap {
  text: string;
  bytes: number;
  sources: number;
  /** What the map takes in memory once decoded for stacks (the decoded-map cache's measure). */
  decodedBytes: number;
}

export interface SourceMapValidationOptions {
  /**
   * Largest decoded size accepted (bytes): the decoded-map cache's bound, so that every map
   * accepted can be kept decoded.
   */
  maxDecodedBytes?: number;
}

interface RegularMap {
  version: 3;
  mappings: string;
  sources: string[];
  names?: string[];
  sourcesContent?: (string | null)[];
  sourceRoot?: string;
}

const MIB = 1024 * 1024;
const HINT = 'Upload the .map file your bundler wrote, unchanged.';

/**
 * Checks an uploaded source map completely before anything is stored: JSON, the fields of a
 * version 3 map (or an index map of them), the paths of its sources and every mapping.
 */
export function validateSourceMap(body: Uint8Array, options: SourceMapValidationOptions = {}): ValidatedSourceMap {
  if (body.byteLength > SOURCEMAP_LIMITS.maxMapBytes) {
    throw payloadTooLarge(`The source map is ${(body.byteLength / MIB).toFixed(1)} MiB; the largest accepted is ${SOURCEMAP_LIMITS.maxMapBytes / MIB} MiB. Split the bundle into smaller chunks.`);
  }
  if (body.byteLength === 0) throw badRequest(`The request body is empty: send the source map's JSON as the body. ${HINT}`);
  if (body[0] === 0x1f && body[1] === 0x8b) throw badRequest(`The body is gzip-compressed: send the source map's JSON uncompressed (uploads are never inflated). ${HINT}`);
  const text = withoutPrefixes(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badRequest(`The body is not valid JSON (${error instanceof Error ? error.message : 'unreadable'}). ${HINT}`);
  }
  if (!isObject(parsed)) throw badRequest(`The body is JSON but not a source map object. ${HINT}`);
  if (parsed.version !== 3) throw badRequest(`This is not a version 3 source map ("version" is ${printable(JSON.stringify(parsed.version) ?? 'missing')}). ${HINT}`);
  const sources = 'sections' in parsed ? checkIndexMap(parsed) : checkRegularMap(parsed, '');
  const decodedBytes = DecodedMap.fromFields(parsed as SourceMapFields).estimatedBytes;
  if (options.maxDecodedBytes !== undefined && decodedBytes > options.maxDecodedBytes) {
    throw payloadTooLarge(
      `Decoded for stack traces, this source map would take ${(decodedBytes / MIB).toFixed(1)} MiB of server memory; the largest this server keeps is ` +
        `${(options.maxDecodedBytes / MIB).toFixed(1)} MiB (setting sourceMapCacheBytes of the errors plugin). Split the bundle into smaller chunks, ` +
        'or leave the sources\' code out of the map (sourcesContent), or ask the administrator to raise the setting.',
    );
  }
  return { text, bytes: body.byteLength, sources, decodedBytes };
}

/** A UTF-8 byte order mark, and the `)]}'` line some servers put first to stop scripts reading the map. */
function withoutPrefixes(text: string): string {
  const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return unmarked.startsWith(")]}'") ? unmarked.slice(unmarked.indexOf('\n') + 1 || unmarked.length) : unmarked;
}

function checkIndexMap(map: Record<string, unknown>): number {
  const sections = map.sections;
  if (!Array.isArray(sections)) throw badRequest(`"sections" must be an array of { offset, map } parts. ${HINT}`);
  if (sections.length > MAX_INDEX_MAP_SECTIONS) throw badRequest(`The index map has ${sections.length} sections; at most ${MAX_INDEX_MAP_SECTIONS} are accepted.`);
  let sources = 0;
  let previous = { line: -1, column: -1 };
  sections.forEach((section: unknown, i) => {
    const where = `sections[${i}]`;
    if (!isObject(section)) throw badRequest(`${where} must be an object with "offset" and "map".`);
    if ('url' in section) throw badRequest(`${where} refers to a map by "url", which is not supported: put the map itself in "map".`);
    const offset = section.offset;
    if (!isObject(offset) || !isPosition(offset.line) || !isPosition(offset.column)) {
      throw badRequest(`${where}.offset must be { line, column } with whole numbers of 0 or more.`);
    }
    if (offset.line < previous.line || (offset.line === previous.line && offset.column <= previous.column)) {
      throw badRequest(`${where}.offset must come after the offset of the section before it.`);
    }
    previous = { line: offset.line, column: offset.column };
    if (!isObject(section.map)) throw badRequest(`${where}.map must be a source map object.`);
    if ('sections' in section.map) throw badRequest(`${where}.map is itself an index map; nested sections are not allowed.`);
    if (section.map.version !== 3) throw badRequest(`${where}.map is not a version 3 source map.`);
    sources += checkRegularMap(section.map, `${where}.map.`);
    if (sources > SOURCEMAP_LIMITS.maxSources) throw tooManySources(sources);
  });
  return sources;
}

function checkRegularMap(map: Record<string, unknown>, at: string): number {
  if (typeof map.mappings !== 'string') throw badRequest(`${at}mappings must be a string. ${HINT}`);
  const sources = map.sources;
  if (!Array.isArray(sources)) throw badRequest(`${at}sources must be an array of file paths. ${HINT}`);
  if (sources.length > SOURCEMAP_LIMITS.maxSources) throw tooManySources(sources.length);
  sources.forEach((source: unknown, i) => {
    if (typeof source !== 'string') throw badRequest(`${at}sources[${i}] must be a string (it is ${source === null ? 'null' : typeof source}).`);
    const problem = sourcePathProblem(source);
    if (problem) throw badRequest(`${at}sources[${i}] "${printable(source)}" ${problem}. Source paths must be relative, like src/app.ts or ../src/app.ts.`);
  });
  if (map.sourceRoot !== undefined) {
    if (typeof map.sourceRoot !== 'string') throw badRequest(`${at}sourceRoot must be a string.`);
    // A sourceRoot of "/" alone (the site root) is common and harmless once joined with relative
    // sources; any other absolute path names a folder on the build machine's disk.
    const problem = map.sourceRoot && map.sourceRoot !== '/' ? sourcePathProblem(map.sourceRoot) : null;
    if (problem) throw badRequest(`${at}sourceRoot "${printable(map.sourceRoot)}" ${problem}.`);
  }
  const contents = map.sourcesContent;
  if (contents !== undefined && contents !== null) {
    if (!Array.isArray(contents)) throw badRequest(`${at}sourcesContent must be an array of strings or nulls.`);
    if (contents.length > sources.length) throw badRequest(`${at}sourcesContent has ${contents.length} entries but sources only ${sources.length}.`);
    contents.forEach((content: unknown, i) => {
      if (content !== null && typeof content !== 'string') throw badRequest(`${at}sourcesContent[${i}] must be a string or null.`);
    });
  }
  const names = map.names ?? [];
  if (!Array.isArray(names)) throw badRequest(`${at}names must be an array of strings.`);
  names.forEach((name: unknown, i) => {
    if (typeof name !== 'string') throw badRequest(`${at}names[${i}] must be a string.`);
  });
  if (map.file !== undefined && map.file !== null && typeof map.file !== 'string') throw badRequest(`${at}file must be a string.`);
  checkMappings({ ...(map as unknown as RegularMap), names: names as string[] }, at);
  return sources.length;
}

/**
 * Reads every mapping once, which proves the map is usable before it is stored, without
 * decoding it into arrays (which would take about 15 times the map's size for each upload).
 */
function checkMappings(map: RegularMap, at: string): void {
  const syntax = mappingsSyntaxProblem(map.mappings);
  if (syntax) throw badRequest(`${at}mappings are not valid: ${syntax}. ${HINT}`);
  try {
    MappingsIndex.build(map.mappings, map.sources.length, map.names?.length ?? 0);
  } catch (error) {
    if (error instanceof MappingsProblem) throw badRequest(`${at}mappings are not valid: ${error.message}. ${HINT}`);
    throw error;
  }
}

function tooManySources(count: number) {
  return badRequest(`The source map names ${count} sources; at most ${SOURCEMAP_LIMITS.maxSources} are accepted. Split the bundle into smaller chunks.`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPosition(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
