// The kernel never imports a plugin; the SDK defines contracts and never reaches into the
// kernel's internals (only its testing entry may use the kernel's test kit).
import { join } from 'node:path';
import { violation } from '../violation.mjs';

export function checkKernelAndSdk(repo) {
  const found = [];
  for (const file of repo.sourceFiles('core')) {
    for (const { specifier, line } of repo.factsOf(file).references) {
      const plugin =
        (specifier.startsWith('@cassette/plugin-') && !specifier.startsWith('@cassette/plugin-sdk')) ||
        (specifier.startsWith('.') && repo.inPlugins(repo.resolveRelative(file, specifier)));
      if (plugin) {
        found.push(violation(repo, {
          rule: 'kernel', file, line, specifier,
          problem: 'the kernel never imports a plugin',
          fix: 'Let the plugin contribute it at boot (a service, an extension point or an event) through the SDK',
        }));
      }
    }
  }
  const sdkDir = join(repo.root, 'sdk', 'plugin');
  for (const file of repo.sourceFiles('sdk', 'plugin')) {
    for (const { specifier, line } of repo.factsOf(file).references) {
      const kernel = specifier === '@cassette/core' || specifier.startsWith('@cassette/core/');
      const testingEntry = specifier === '@cassette/core/testing' && (file === join(sdkDir, 'testing.ts') || repo.contains(join(sdkDir, 'testing'), file));
      if (kernel && !testingEntry) {
        found.push(violation(repo, {
          rule: 'sdk', file, line, specifier,
          problem: 'the SDK defines contracts; only its testing entry may use the kernel',
          fix: 'Declare the contract in the SDK and let the kernel implement it',
        }));
      }
      if (specifier.startsWith('.') && !repo.contains(sdkDir, repo.resolveRelative(file, specifier))) {
        found.push(violation(repo, {
          rule: 'sdk', file, line, specifier,
          problem: 'the SDK imports only its own files',
          fix: 'Move the code into sdk/plugin/, or import it by package name',
        }));
      }
    }
  }
  return found;
}
