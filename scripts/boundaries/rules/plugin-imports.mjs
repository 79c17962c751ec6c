// A plugin imports the SDK, its own files, third-party packages and other plugins' `api`
// entries; test code may also use another plugin's `testing` entry.
import { violation } from '../violation.mjs';
import { globBase } from '../glob-base.mjs';

const RULE = 'plugin-imports';

export function checkPluginImports(repo) {
  const found = [];
  const packageOf = new Map([...repo.pluginOfPackage].map(([pkg, id]) => [id, pkg]));

  for (const id of repo.pluginIds) {
    const own = repo.pluginDir(id);
    for (const file of repo.pluginSourceFiles(id)) {
      const { references, globs } = repo.factsOf(file);
      const isTest = repo.isTestCode(file);
      const report = (line, specifier, problem, fix) => found.push(violation(repo, { rule: RULE, file, line, specifier, problem, fix }));

      const checkRelative = (line, specifier, target) => {
        if (repo.contains(own, target)) return;
        const other = repo.placeOf(target)?.plugin;
        if (!other) {
          report(line, specifier, `plugin "${id}" imports only its own files`, 'Use the other package\'s public entry, or move the code into the SDK');
          return;
        }
        if (target === repo.entryFile(other, 'api')) return;
        if (target === repo.entryFile(other, 'testing')) {
          if (!isTest) report(line, specifier, `plugin "${other}"'s testing entry is for test files (*.test.ts, testing/) only`, 'Move this import into a test file or the plugin\'s testing/ folder');
          return;
        }
        report(line, specifier, `plugin "${id}" reaches into plugin "${other}" (${repo.rel(target)}); another plugin is reached only through its api entry`, `Import it from "${packageOf.get(other)}/api" (export it there as a ref or a type), or move what both need to the SDK`);
      };

      for (const { specifier, line } of references) {
        if (specifier.startsWith('.')) {
          checkRelative(line, specifier, repo.resolveRelative(file, specifier));
        } else if (specifier.startsWith('/')) {
          report(line, specifier, 'absolute imports are not allowed', 'Use a relative path inside the plugin or a package name');
        } else if (specifier === '@cassette/core' || specifier.startsWith('@cassette/core/')) {
          report(line, specifier, 'plugins reach the kernel only through @cassette/plugin-sdk', 'Use @cassette/plugin-sdk (or /server, /ui, /testing); if the SDK lacks it, add it to the SDK');
        } else if (specifier.startsWith('@cassette/host-ui')) {
          report(line, specifier, 'plugins do not import the host UI', 'Use @cassette/plugin-sdk/ui');
        } else {
          const pkg = specifier.split('/').slice(0, 2).join('/');
          const other = repo.pluginOfPackage.get(pkg);
          if (!other || other === id || specifier === `${pkg}/api`) continue;
          if (specifier === `${pkg}/testing`) {
            if (!isTest) report(line, specifier, `plugin "${other}"'s testing entry is for test files (*.test.ts, testing/) only`, 'Move this import into a test file or the plugin\'s testing/ folder');
            continue;
          }
          report(line, specifier, `plugin "${id}" may import plugin "${other}" only through its api entry (${pkg}/api)`, `Import it from "${pkg}/api" (export it there as a ref or a type), or react to one of "${other}"'s events`);
        }
      }
      for (const { patterns, line } of globs) {
        for (const pattern of patterns.filter((p) => p.startsWith('.'))) checkRelative(line, pattern, repo.resolveRelative(file, globBase(pattern)));
      }
    }
  }
  return found;
}
