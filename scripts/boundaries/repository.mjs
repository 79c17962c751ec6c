// The repository as the boundary rules see it: which source files exist, what each one imports
// (parsed once, on first use), where a relative import lands, and which plugin and which side
// (server, ui, shared, testing, api) a path belongs to.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { sourceFacts } from './source-facts.mjs';

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const TEST_FILE = /\.test\.(ts|tsx|mts|js|mjs)$/;
// `./x.js` in TypeScript source names `./x.ts` or `./x.tsx`.
const EXTENSION_SWAPS = [
  [/\.js$/, ['.ts', '.tsx']],
  [/\.jsx$/, ['.tsx']],
  [/\.mjs$/, ['.mts']],
];
const IMPLIED_ENDINGS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

export class Repository {
  constructor(root) {
    this.root = resolve(root);
    this.pluginsDir = join(this.root, 'plugins');
    // Plugins kept outside plugins/ (worked examples for integrators) follow the same rules.
    this.pluginRoots = [this.pluginsDir, join(this.root, 'examples')].filter((dir) => existsSync(dir));
    /** plugin id (its folder's name) → its folder */
    this.pluginDirs = new Map(
      this.pluginRoots.flatMap((rootDir) => readdirSync(rootDir).filter((d) => statSync(join(rootDir, d)).isDirectory()).map((d) => [d, join(rootDir, d)])),
    );
    this.pluginIds = [...this.pluginDirs.keys()].sort();
    this.manifests = new Map(this.pluginIds.map((id) => [id, readManifest(join(this.pluginDir(id), 'package.json'))]));
    /** package name → plugin id */
    this.pluginOfPackage = new Map(this.pluginIds.map((id) => [this.manifests.get(id).name ?? `@cassette/plugin-${id}`, id]));
    this.facts = new Map();
  }

  /** A plugin's folder: plugins/<id>, or examples/<id>. */
  pluginDir(id) {
    return this.pluginDirs.get(id) ?? join(this.pluginsDir, id);
  }

  /** Whether a path is inside some plugin's folder. */
  inPlugins(path) {
    return this.pluginRoots.some((dir) => this.contains(dir, path));
  }

  /** Source files of one plugin (below `segments` of it), or of every plugin when `id` is omitted. */
  pluginSourceFiles(id, ...segments) {
    if (id === undefined) return this.pluginIds.flatMap((each) => this.pluginSourceFiles(each));
    return this.sourceFiles(relative(this.root, this.pluginDir(id)), ...segments);
  }

  /** Source files under a folder of the repository, node_modules and build output left out. */
  sourceFiles(...segments) {
    const out = [];
    const walk = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === 'node_modules' || entry.name === 'dist') continue;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
      }
    };
    const dir = join(this.root, ...segments);
    if (existsSync(dir)) walk(dir);
    return out.sort();
  }

  /** @returns {import('./source-facts.mjs').SourceFacts} */
  factsOf(file) {
    let facts = this.facts.get(file);
    if (!facts) {
      facts = sourceFacts(file, readFileSync(file, 'utf8'));
      this.facts.set(file, facts);
    }
    return facts;
  }

  /** The file a relative specifier names, or the bare resolved path when no such file exists. */
  resolveRelative(fromFile, specifier) {
    const base = resolve(dirname(fromFile), specifier.replace(/[?#].*$/, ''));
    const candidates = [base];
    for (const [pattern, replacements] of EXTENSION_SWAPS) {
      if (pattern.test(base)) candidates.push(...replacements.map((ext) => base.replace(pattern, ext)));
    }
    candidates.push(...IMPLIED_ENDINGS.map((ending) => base + ending));
    return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? base;
  }

  isSource(path) {
    return SOURCE.test(path) && existsSync(path);
  }

  rel(path) {
    return relative(this.root, path).split(sep).join('/');
  }

  contains(dir, path) {
    return path === dir || path.startsWith(dir + sep);
  }

  /**
   * Where a path sits in the plugin layout: `{ plugin, side }` with side one of `server`
   * (`server/**`, `server.ts`), `ui` (`ui/**`, `ui.tsx`), `shared`, `testing`, `api` (`api.ts`)
   * or `other`; null outside plugins/.
   */
  placeOf(path) {
    const rootDir = this.pluginRoots.find((dir) => this.contains(dir, path));
    if (!rootDir) return null;
    const [plugin, first, ...rest] = relative(rootDir, path).split(sep);
    if (!plugin || !first) return null;
    const entry = rest.length === 0 ? first.replace(/\.(ts|tsx|mts|js|mjs)$/, '') : null;
    const side =
      (first === 'server' && rest.length > 0) || entry === 'server' ? 'server'
      : (first === 'ui' && rest.length > 0) || entry === 'ui' ? 'ui'
      : first === 'shared' && rest.length > 0 ? 'shared'
      : first === 'testing' && rest.length > 0 ? 'testing'
      : entry === 'api' ? 'api'
      : 'other';
    return { plugin, side };
  }

  /** Test code never ships: `*.test.ts(x)` and anything in a `testing/` folder. */
  isTestCode(path) {
    return TEST_FILE.test(basename(path)) || relative(this.root, path).split(sep).includes('testing');
  }

  /** The file behind a plugin's package entry (`api`, `testing`), from its exports or by convention. */
  entryFile(id, entry) {
    const exported = this.manifests.get(id)?.exports?.[`./${entry}`];
    const dir = this.pluginDir(id);
    if (typeof exported === 'string') return resolve(dir, exported);
    return [`${entry}.ts`, `${entry}.tsx`, `${entry}/index.ts`, `${entry}/index.tsx`].map((p) => join(dir, p)).find((p) => existsSync(p)) ?? join(dir, `${entry}.ts`);
  }
}

function readManifest(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
}
