import { describe, expect, it } from 'vitest';
import { createSlot, fillSlot, type NavItem, type UiPlugin } from '@cassette/plugin-sdk/ui';
import { buildRegistry, enabledModulePaths, mergeSettingsTabs, pluginFolder, visibleNavItems } from './registry.js';

const Dummy = () => null;
const slot = createSlot('test.slot');
const nav = (id: string, order: number, permission?: NavItem['permission']): NavItem => ({ id, label: id, order, permission, to: (s) => `/${s}/${id}` });

describe('visibleNavItems', () => {
  const items = [nav('errors', 30, 'ERRORS'), nav('sessions', 10, 'SESSION_REPLAY'), nav('dashboards', 40), nav('assist', 20, 'ASSIST_LIVE')];
  it('sorts by order and hides items whose permission is missing', () => {
    const has = (p: string) => p === 'SESSION_REPLAY';
    expect(visibleNavItems(items, has).map((i) => i.id)).toEqual(['sessions', 'dashboards']);
  });
  it('shows everything to someone holding all permissions', () => {
    expect(visibleNavItems(items, () => true).map((i) => i.id)).toEqual(['sessions', 'assist', 'errors', 'dashboards']);
  });
  it("hides an item whose appearance flag the member's appearance turns off", () => {
    const tests: NavItem = { ...nav('tests', 60), appearance: 'tests' };
    expect(visibleNavItems([...items, tests], () => true, (flag) => flag !== 'tests').map((i) => i.id)).toEqual(['sessions', 'assist', 'errors', 'dashboards']);
    expect(visibleNavItems([...items, tests], () => true, () => true).map((i) => i.id)).toContain('tests');
  });
});

describe('buildRegistry', () => {
  const a: UiPlugin = {
    id: 'a',
    pages: [{ path: '/:siteId/sessions', component: Dummy }],
    navItems: [nav('x', 2)],
    settingsTabs: [{ id: 'webhooks', label: 'Webhooks', component: Dummy, order: 20 }],
    topBarItems: [{ id: 'bell', component: Dummy, order: 5 }],
    fills: [fillSlot(slot, { id: 'f2', component: Dummy, order: 2 })],
  };
  const b: UiPlugin = {
    id: 'b',
    pages: [{ path: '/:siteId/sessions', component: Dummy }, { path: '/:siteId/errors', component: Dummy }],
    navItems: [nav('y', 1)],
    settingsTabs: [{ id: 'integrations', label: 'Integrations', component: Dummy, order: 10 }],
    topBarItems: [{ id: 'alerts', component: Dummy, order: 1 }],
    fills: [fillSlot(slot, { id: 'f1', component: Dummy, order: 1 })],
  };
  it('merges and sorts contributions, first plugin wins a duplicate path', () => {
    const warnings: string[] = [];
    const r = buildRegistry([a, b], (w) => warnings.push(w));
    expect(r.pages.map((p) => p.path)).toEqual(['/:siteId/sessions', '/:siteId/errors']);
    expect(warnings).toHaveLength(1);
    expect(r.navItems.map((n) => n.id)).toEqual(['y', 'x']);
    expect(r.settingsTabs.map((t) => t.id)).toEqual(['integrations', 'webhooks']);
    expect(r.topBarItems.map((t) => t.id)).toEqual(['alerts', 'bell']);
    expect(r.fills.map((f) => f.id)).toEqual(['f1', 'f2']);
  });
});

describe('mergeSettingsTabs', () => {
  it('appends plugin tabs by order after the host tabs', () => {
    const merged = mergeSettingsTabs([{ id: 'account' }, { id: 'team' }], [
      { id: 'webhooks', order: 20 },
      { id: 'integrations', order: 10 },
      { id: 'team', order: 1 },
    ]);
    expect(merged.map((t) => t.id)).toEqual(['account', 'team', 'integrations', 'webhooks']);
  });
});

describe('plugin discovery', () => {
  const paths = ['../../plugins/errors/ui.tsx', '../../plugins/sessions/ui.tsx', '../../plugins/slack/ui.tsx'];
  it('loads only enabled plugins', () => {
    expect(enabledModulePaths(paths, ['sessions', 'slack'])).toEqual(['../../plugins/sessions/ui.tsx', '../../plugins/slack/ui.tsx']);
    expect(enabledModulePaths(paths, [])).toEqual([]);
  });
  it('reads the folder name', () => {
    expect(pluginFolder('../../plugins/errors/ui.tsx')).toBe('errors');
    expect(pluginFolder('nope.tsx')).toBeNull();
  });
});
