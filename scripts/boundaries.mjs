// The boundary rule (ARCHITECTURE.md §2.8), as a function so it can be tested on fixtures.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const IMPORT_PATTERNS = [
  /\bimport\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bexport\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

function sourceFiles(dir) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(entry)) out.push(path);
  }
  return out;
}

export function importsOf(text) {
  // Comments may mention imports; drop them first.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const found = new Set();
  for (const pattern of IMPORT_PATTERNS) for (const match of code.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

/** Returns a list of violations `{ file, specifier, rule }` for a repository root. */
export function checkBoundaries(root) {
  const violations = [];
  const pluginsDir = join(root, 'plugins');
  const pluginIds = existsSync(pluginsDir) ? readdirSync(pluginsDir).filter((d) => statSync(join(pluginsDir, d)).isDirectory()) : [];
  const packageOf = new Map(
    pluginIds.map((id) => {
      const manifest = join(pluginsDir, id, 'package.json');
      const name = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).name : `@cassette/plugin-${id}`;
      return [name, id];
    }),
  );
  const report = (file, specifier, rule) => violations.push({ file: relative(root, file), specifier, rule });

  for (const id of pluginIds) {
    const own = join(pluginsDir, id);
    for (const file of sourceFiles(own)) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        if (spec.startsWith('.')) {
          const target = resolve(dirname(file), spec);
          if (target !== own && !target.startsWith(own + sep)) report(file, spec, `a plugin imports only its own files; use the other package's public entry instead`);
          continue;
        }
        if (spec.startsWith('/')) {
          report(file, spec, 'absolute imports are not allowed');
          continue;
        }
        if (spec === '@cassette/core' || spec.startsWith('@cassette/core/')) {
          report(file, spec, 'plugins import the kernel only through @cassette/plugin-sdk');
          continue;
        }
        if (spec.startsWith('@cassette/host-ui')) {
          report(file, spec, 'plugins do not import the host UI; use @cassette/plugin-sdk/ui');
          continue;
        }
        const pkg = spec.split('/').slice(0, 2).join('/');
        const other = packageOf.get(pkg);
        // Tests and test kits may also use another plugin's test kit (its stand-ins and fixtures).
        const testCode = /(^|[\\/])testing[\\/]|\.test\.tsx?$/.test(relative(own, file));
        const allowed = spec === `${pkg}/api` || (testCode && spec === `${pkg}/testing`);
        if (other && other !== id && !allowed) report(file, spec, `plugin "${id}" may import plugin "${other}" only through its api entry (${pkg}/api; test code also through ${pkg}/testing)`);
      }
    }
  }

  // A plugin's api entry is what others import: refs and types only, so it pulls in no
  // server or UI code. Value imports are limited to what declaring refs needs.
  const API_VALUE_IMPORTS = new Set(['@cassette/plugin-sdk', '@sinclair/typebox']);
  for (const id of pluginIds) {
    const api = join(pluginsDir, id, 'api.ts');
    if (!existsSync(api)) continue;
    const code = readFileSync(api, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
    for (const match of code.matchAll(/\bimport\s+(type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g)) {
      const [, typeOnly, spec] = match;
      if (!typeOnly && !API_VALUE_IMPORTS.has(spec)) report(api, spec, 'an api entry holds only refs and types: import this with "import type", or move the code out of api.ts');
    }
  }

  // The kernel never imports a plugin; the SDK never reaches into kernel internals.
  for (const file of sourceFiles(join(root, 'core'))) {
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('@cassette/plugin-') && !spec.startsWith('@cassette/plugin-sdk')) report(file, spec, 'the kernel never imports a plugin');
      if (spec.startsWith('.') && resolve(dirname(file), spec).startsWith(pluginsDir + sep)) report(file, spec, 'the kernel never imports a plugin');
    }
  }
  for (const file of sourceFiles(join(root, 'sdk', 'plugin'))) {
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const allowed = spec === '@cassette/core/testing' && file.endsWith(`${sep}testing.ts`);
      if ((spec === '@cassette/core' || spec.startsWith('@cassette/core/')) && !allowed) report(file, spec, 'the SDK defines contracts; only its testing entry may use the kernel');
      if (spec.startsWith('.') && !resolve(dirname(file), spec).startsWith(join(root, 'sdk', 'plugin'))) report(file, spec, 'the SDK imports only its own files');
    }
  }
  return violations;
}
