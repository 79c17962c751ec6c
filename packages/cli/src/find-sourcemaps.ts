import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** A minified script of the build and the source map that belongs to it. */
export interface ScriptWithMap {
  /** Path relative to the build folder, with forward slashes (`assets/app.min.js`). */
  script: string;
  /** The map's JSON. */
  map: Buffer;
  /** Where the map came from, for the output: a path relative to the build folder, or "inline". */
  mapSource: string;
}

export interface BuildScan {
  withMaps: ScriptWithMap[];
  /** Scripts for which no map was found. */
  withoutMaps: string[];
}

const SCRIPT = /\.(js|mjs|cjs)$/;
// The last sourceMappingURL comment of the file is the one browsers use.
const MAPPING_URL = /\/\/[#@]\s*sourceMappingURL=(\S+)\s*$/;
const DATA_URL = /^data:application\/json(?:;charset=[^;,]+)?;base64,(.*)$/i;

/** Walks the build folder (not following links, skipping node_modules) for scripts and their maps. */
export function findSourceMaps(buildDir: string): BuildScan {
  const root = resolve(buildDir);
  const scan: BuildScan = { withMaps: [], withoutMaps: [] };
  for (const path of scripts(root)) {
    const script = relative(root, path).split(sep).join('/');
    const found = mapOf(root, path);
    if (found) scan.withMaps.push({ script, ...found });
    else scan.withoutMaps.push(script);
  }
  return scan;
}

function scripts(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') found.push(...scripts(path));
    else if (entry.isFile() && SCRIPT.test(entry.name)) found.push(path);
  }
  return found;
}

function mapOf(root: string, scriptPath: string): { map: Buffer; mapSource: string } | null {
  const comment = mappingUrlOf(scriptPath);
  if (comment) {
    const inline = DATA_URL.exec(comment);
    if (inline) return { map: Buffer.from(inline[1]!, 'base64'), mapSource: 'inline' };
    if (!/^[a-z][a-z0-9+.-]*:/i.test(comment) && !comment.startsWith('/')) {
      const mapPath = resolve(dirname(scriptPath), decodeURIComponent(comment.replace(/[?#].*$/, '')));
      // A comment pointing outside the build folder is not followed.
      if (mapPath.startsWith(root + sep) && isFile(mapPath)) return { map: readFileSync(mapPath), mapSource: relative(root, mapPath).split(sep).join('/') };
    }
  }
  const beside = `${scriptPath}.map`;
  return isFile(beside) ? { map: readFileSync(beside), mapSource: relative(root, beside).split(sep).join('/') } : null;
}

/** The comment of the script's last lines (bundlers write it last; a banner may follow). */
function mappingUrlOf(scriptPath: string): string | null {
  const lines = readFileSync(scriptPath, 'utf8').trimEnd().split(/\r?\n/);
  for (let i = lines.length - 1; i >= 0 && i >= lines.length - 5; i--) {
    const match = MAPPING_URL.exec(lines[i]!);
    if (match) return match[1]!;
  }
  return null;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}
