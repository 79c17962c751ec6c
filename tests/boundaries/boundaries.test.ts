// Each rule of the boundary check against a small fixture tree that breaks it (fixtures/<name>),
// and one clean tree that uses every allowed form, so that no rule cries wolf.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { checkBoundaries } from '../../scripts/boundaries.mjs';

interface Violation {
  rule: string;
  file: string;
  line: number;
  specifier: string;
  message: string;
}

const check = (root: string): Violation[] => checkBoundaries(root);
const fixture = (name: string): Violation[] => check(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)));
/**
 * `rule file:line specifier`, one per violation: what each test pins down. Trees made for another
 * rule keep loose files at a plugin root for brevity; only the layout tree is judged on layout.
 */
const found = (name: string): string[] =>
  fixture(name)
    .filter((v) => v.rule !== 'plugin-layout' || name === 'plugin-layout')
    .map((v) => `${v.rule} ${v.file}:${v.line} ${v.specifier}`);
const messageAt = (name: string, fileAndLine: string): string => fixture(name).find((v) => `${v.file}:${v.line}` === fileAndLine)?.message ?? '';

describe('boundary check', () => {
  it('accepts a tree that uses every allowed form', () => {
    expect(fixture('clean')).toEqual([]);
  });

  it('fails on the design review\'s tree, for which it once found nothing', () => {
    expect(found('design-review')).toEqual([
      'host-ui host-ui/src/main.tsx:1 ../../plugins/a/ui/page.js',
      'host-ui host-ui/src/main.tsx:2 @cassette/core/src/kernel/kernel.js',
      'api-entry plugins/a/api.ts:1 ./server/db.js',
      'api-entry plugins/a/api.ts:2 ./server/db.js',
      'browser-server plugins/a/ui/page.tsx:1 ../server/db.js',
    ]);
  });

  it('refuses another plugin\'s files past its api entry, and its testing entry outside tests', () => {
    expect(found('plugin-imports')).toEqual([
      'plugin-imports plugins/slack/server.ts:4 ../alerts/server/evaluate.js',
      'plugin-imports plugins/slack/server.ts:5 @cassette/plugin-alerts/server',
      'plugin-imports plugins/slack/server.ts:6 @cassette/plugin-alerts/testing',
      'plugin-imports plugins/slack/server.ts:7 @cassette/core',
      'plugin-imports plugins/slack/server.ts:8 @cassette/host-ui/src/app',
      'plugin-imports plugins/slack/server.ts:9 /etc/secrets.js',
      'plugin-imports plugins/slack/server.ts:10 ../../package.json',
    ]);
    expect(messageAt('plugin-imports', 'plugins/slack/server.ts:4')).toBe(
      'plugins/slack/server.ts:4 imports "../alerts/server/evaluate.js": plugin "slack" reaches into plugin "alerts" (plugins/alerts/server/evaluate.ts); ' +
        'another plugin is reached only through its api entry [plugin-imports]. Import it from "@cassette/plugin-alerts/api" (export it there as a ref or a type), or move what both need to the SDK',
    );
    expect(messageAt('plugin-imports', 'plugins/slack/server.ts:6')).toContain('testing entry is for test files');
  });

  it('refuses browser code importing server files, Node built-ins and server-only packages', () => {
    expect(found('browser-imports-server')).toEqual([
      'browser-server plugins/widgets/ui/widgets.page.tsx:2 ../server/widgets-store.js',
      'browser-server plugins/widgets/ui/widgets.page.tsx:3 node:fs',
      'browser-server plugins/widgets/ui/widgets.page.tsx:4 path',
      'browser-server plugins/widgets/ui/widgets.page.tsx:5 fastify',
      'browser-server plugins/widgets/ui/widgets.page.tsx:6 @mikro-orm/core',
      'browser-server plugins/widgets/ui/widgets.page.tsx:7 @cassette/plugin-sdk/server',
      'browser-server plugins/widgets/ui/widgets.page.tsx:8 @cassette/core',
      'plugin-imports plugins/widgets/ui/widgets.page.tsx:8 @cassette/core',
      'browser-server plugins/widgets/ui/widgets.page.tsx:10 ../server.js',
    ]);
    expect(messageAt('browser-imports-server', 'plugins/widgets/ui/widgets.page.tsx:2')).toBe(
      'plugins/widgets/ui/widgets.page.tsx:2 imports "../server/widgets-store.js": plugins/widgets/server/widgets-store.ts is server code [browser-server]. ' +
        'Move what the browser needs to plugins/widgets/shared/ (or ask a route for it), so server code stays out of the browser bundle',
    );
  });

  it('follows what the browser entries import, file to file, down to server code', () => {
    expect(found('browser-reaches-server')).toEqual([
      'browser-server plugins/widgets/shared/labels.ts:1 node:crypto',
      'browser-server plugins/widgets/widget-label.ts:2 ./server/widget-count.js',
    ]);
    expect(messageAt('browser-reaches-server', 'plugins/widgets/widget-label.ts:2')).toContain(
      'the browser bundle reaches this file (plugins/widgets/ui.tsx → plugins/widgets/widgets.page.tsx → plugins/widgets/widget-label.ts)',
    );
  });

  it('keeps ui/, server/ and shared/ apart, types included', () => {
    expect(found('sides')).toEqual([
      'server-ui plugins/widgets/server.ts:1 ./ui/widgets.page.js',
      'server-ui plugins/widgets/server/widgets.route.ts:1 ../ui/widget-row.js',
      'shared-sides plugins/widgets/shared/limits.ts:1 ../server/widget-record.js',
      'shared-sides plugins/widgets/shared/limits.ts:2 ../ui/widget-row.js',
      'shared-sides plugins/widgets/shared/limits.ts:3 pg',
      'browser-server plugins/widgets/ui/widgets.page.tsx:1 ../server/widget-record.js',
    ]);
    expect(messageAt('sides', 'plugins/widgets/ui/widgets.page.tsx:1')).toContain('even if only a type');
  });

  it('lets the host UI use only the SDK\'s UI entry and glob only plugins\' ui.tsx', () => {
    expect(found('host-ui')).toEqual([
      'host-ui host-ui/src/main.tsx:3 @cassette/core/src/kernel/kernel.js',
      'host-ui host-ui/src/main.tsx:4 @cassette/plugin-sdk/server',
      'host-ui host-ui/src/main.tsx:5 @cassette/plugin-sdk',
      'host-ui host-ui/src/main.tsx:6 @cassette/plugin-widgets/ui',
      'host-ui host-ui/src/main.tsx:7 ../../plugins/widgets/ui/widgets.page.js',
      'browser-server host-ui/src/main.tsx:8 node:fs',
      // The browser test kit is for the shell's tests only.
      'host-ui host-ui/src/main.tsx:10 @cassette/plugin-sdk/testing/ui',
      'host-ui host-ui/src/plugin-discovery.ts:4 ../../plugins/*/server.ts',
      'host-ui host-ui/src/plugin-discovery.ts:5 ../../plugins/**/*.tsx',
    ]);
  });

  it('refuses runtime values in an api entry: value imports, export { x } from and export *, followed to what they pull in', () => {
    expect(found('api-entry')).toEqual([
      'api-entry plugins/widgets/api.ts:4 ./shared/widget-kinds.js',
      'api-entry plugins/widgets/api.ts:9 ./server/widget-store.js',
      'api-entry plugins/widgets/api.ts:10 ./server/widget-store.js',
      'api-entry plugins/widgets/api.ts:11 ./shared/index.js',
      'shared-sides plugins/widgets/shared/index.ts:2 ../server/widget-store.js',
    ]);
    expect(messageAt('api-entry', 'plugins/widgets/api.ts:9')).toContain('re-exports countWidgets from "./server/widget-store.js"');
    // shared/index.ts re-exports widget-kinds and, from there, the server's store.
    expect(messageAt('api-entry', 'plugins/widgets/api.ts:11')).toContain('it pulls in 3 files, server code among them: plugins/widgets/server/widget-store.ts, "pg"');
  });

  it('refuses SQL on another plugin\'s tables, and tables created without the plugin\'s prefix', () => {
    expect(found('table-ownership')).toEqual([
      'table-ownership plugins/digest/migrations.ts:6 digests',
      'table-ownership plugins/digest/migrations.ts:7 digests',
      'table-ownership plugins/digest/migrations.ts:8 alerts_rules',
      'table-ownership plugins/digest/migrations.ts:11 alerts_rules',
      'table-ownership plugins/digest/server/digest-report.ts:10 alerts_rules',
      'table-ownership plugins/digest/server/digest-report.ts:14 alerts_rules',
      'table-ownership plugins/digest/server/digest-report.ts:15 alerts_rules',
    ]);
    expect(messageAt('table-ownership', 'plugins/digest/server/digest-report.ts:10')).toContain('that table belongs to plugin "alerts"');
    expect(messageAt('table-ownership', 'plugins/digest/migrations.ts:6')).toContain('Name it digest_digests');
  });

  it('keeps plugins out of the kernel and the kernel out of the SDK', () => {
    expect(found('kernel-and-sdk')).toEqual([
      'kernel core/src/kernel.ts:1 @cassette/plugin-alerts/api',
      'kernel core/src/kernel.ts:2 ../../plugins/alerts/server.js',
      'sdk sdk/plugin/server.ts:1 @cassette/core',
      'sdk sdk/plugin/server.ts:2 ../../core/src/helper.js',
    ]);
  });

  it('passes on this repository', () => {
    expect(check(fileURLToPath(new URL('../..', import.meta.url))).map((v) => v.message)).toEqual([]);
  });

  it('keeps a plugin\'s code in server/, ui/, shared/ or testing/, with declared exceptions', () => {
    expect(found('plugin-layout')).toEqual([
      'plugin-layout plugins/reports/helpers/format.ts:1 helpers/',
      'plugin-layout plugins/reports/report-store.ts:1 report-store.ts',
    ]);
    expect(messageAt('plugin-layout', 'plugins/reports/report-store.ts:1')).toBe(
      'plugins/reports/report-store.ts:1 sits at the plugin root: only the entries (server.ts, ui.tsx, api.ts) and their tests sit at a plugin root [plugin-layout]. Move it to server/, ui/, shared/ or testing/ by the side that uses it',
    );
  });
});
