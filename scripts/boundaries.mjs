// The boundary rules (ARCHITECTURE.md §1 and §2.8), as a function so they can be tested on
// fixture trees. Each rule lives in boundaries/rules/ and explains itself there:
//   plugin-imports   a plugin imports the SDK, its own files, packages and other plugins' api
//                    entries (their testing entries from test code)
//   browser-server   nothing the browser loads reaches server code; server-ui and shared-sides
//                    keep the ui/, server/ and shared/ folders apart
//   host-ui          the host UI uses only @cassette/plugin-sdk/ui, and globs plugins' ui.tsx
//   api-entry        an api.ts pulls in no runtime code besides the SDK and TypeBox
//   table-ownership  a plugin's SQL touches only its own <pluginId>_ tables
//   plugin-layout    a plugin's root holds only its entries; its code lives in server/, ui/,
//                    shared/ or testing/
//   kernel, sdk      the kernel never imports a plugin; the SDK never reaches into the kernel
import { Repository } from './boundaries/repository.mjs';
import { checkApiEntries } from './boundaries/rules/api-entry.mjs';
import { checkBrowserServer } from './boundaries/rules/browser-server.mjs';
import { checkHostUi } from './boundaries/rules/host-ui.mjs';
import { checkKernelAndSdk } from './boundaries/rules/kernel-and-sdk.mjs';
import { checkPluginImports } from './boundaries/rules/plugin-imports.mjs';
import { checkPluginLayout } from './boundaries/rules/plugin-layout.mjs';
import { checkTableOwnership } from './boundaries/rules/table-ownership.mjs';

const RULES = [checkPluginImports, checkPluginLayout, checkBrowserServer, checkHostUi, checkApiEntries, checkTableOwnership, checkKernelAndSdk];

/**
 * Every broken boundary under a repository root, in file order.
 * @returns {import('./boundaries/violation.mjs').Violation[]}
 */
export function checkBoundaries(root) {
  const repo = new Repository(root);
  return RULES.flatMap((rule) => rule(repo)).sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.rule.localeCompare(b.rule));
}
