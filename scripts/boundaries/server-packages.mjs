// Packages that exist only on the server: a browser bundle that pulls one in either breaks or
// ships the server to every visitor.
import { builtinModules } from 'node:module';

const NODE_BUILT_INS = new Set(builtinModules.filter((name) => !name.startsWith('_')));

const SERVER_PACKAGES = [
  'fastify',
  '@fastify/*',
  '@mikro-orm/*',
  'pg',
  'ioredis',
  'bullmq',
  '@electric-sql/pglite',
  '@cassette/core',
  '@cassette/plugin-sdk/server',
];

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Why a bare specifier is server-only ("a Node built-in", "server-only package"), or null. */
export function serverPackage(specifier) {
  if (specifier.startsWith('node:') || NODE_BUILT_INS.has(packageName(specifier))) return 'a Node built-in';
  if (/^@cassette\/plugin-[^/]+\/server(\/|$)/.test(specifier) && !specifier.startsWith('@cassette/plugin-sdk/')) return "a plugin's server entry";
  for (const listed of SERVER_PACKAGES) {
    const matches = listed.endsWith('/*') ? specifier.startsWith(listed.slice(0, -1)) : specifier === listed || specifier.startsWith(`${listed}/`);
    if (matches) return 'a server-only package';
  }
  return null;
}
