// The host UI is the shell: of our code it uses only `@cassette/plugin-sdk/ui`. It reaches the
// plugins in one way only, the import.meta.glob of every `plugins/*/ui.tsx`, which loads the
// UI entries of the enabled ones. Its own source is browser code, so no server-only packages.
import { dirname, join, resolve } from 'node:path';
import { globBase } from '../glob-base.mjs';
import { serverPackage } from '../server-packages.mjs';
import { violation } from '../violation.mjs';

const RULE = 'host-ui';
const SDK_UI = '@cassette/plugin-sdk/ui';
// The shell's own tests may use the SDK's browser test kit, as plugins' UI tests do.
const SDK_UI_TEST_KIT = '@cassette/plugin-sdk/testing/ui';

export function checkHostUi(repo) {
  const found = [];
  const hostDir = join(repo.root, 'host-ui');
  const browserDir = join(hostDir, 'src');
  const pluginUiEntries = join(repo.pluginsDir, '*', 'ui.tsx');

  for (const file of repo.sourceFiles('host-ui')) {
    const { references, globs } = repo.factsOf(file);
    const isBrowserCode = repo.contains(browserDir, file) && !repo.isTestCode(file);
    for (const { specifier, line, typeOnly } of references) {
      if (specifier.startsWith('.')) {
        const target = repo.resolveRelative(file, specifier);
        if (!repo.contains(hostDir, target)) {
          found.push(violation(repo, {
            rule: RULE, file, line, specifier,
            problem: `the host UI imports ${repo.rel(target)}, outside host-ui/`,
            fix: `Plugins' UIs are loaded by the import.meta.glob of plugins/*/ui.tsx; anything else the host needs comes from ${SDK_UI}`,
          }));
        }
      } else if (specifier.startsWith('@cassette/') && specifier !== SDK_UI && !(specifier === SDK_UI_TEST_KIT && repo.isTestCode(file))) {
        found.push(violation(repo, {
          rule: RULE, file, line, specifier,
          problem: `the host UI imports only ${SDK_UI} of our packages`,
          fix: `Use ${SDK_UI}; if it lacks what the host needs, add it there`,
        }));
      } else if (isBrowserCode && !typeOnly && serverPackage(specifier)) {
        found.push(violation(repo, {
          rule: 'browser-server', file, line, specifier,
          problem: `"${specifier}" is ${serverPackage(specifier)} and cannot run in the browser`,
          fix: 'Ask the server for it through a route',
        }));
      }
    }
    for (const { patterns, line } of globs) {
      for (const pattern of patterns) {
        // Vite reads a leading "/" from the project root, which is host-ui/.
        const from = pattern.startsWith('/') ? hostDir : dirname(file);
        const relativePattern = pattern.startsWith('/') ? `.${pattern}` : pattern;
        if (pattern.startsWith('!') || resolve(from, relativePattern) === pluginUiEntries) continue;
        if (!repo.contains(hostDir, resolve(from, globBase(relativePattern)))) {
          found.push(violation(repo, {
            rule: RULE, file, line, specifier: pattern,
            found: `globs "${pattern}"`,
            problem: 'the host UI globs only plugins/*/ui.tsx outside host-ui/',
            fix: "Load plugins through their ui.tsx entry, and let each plugin's UI pull in its own files",
          }));
        }
      }
    }
  }
  return found;
}
