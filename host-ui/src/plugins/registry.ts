import type { AppearanceFlag, NavItem, Permission, SettingsTab, AnySlotFill, TopBarItem, UiPage, UiPlugin } from '@cassette/plugin-sdk/ui';

/** Everything the enabled plugins contribute, merged. */
export interface UiRegistry {
  plugins: UiPlugin[];
  pages: UiPage[];
  navItems: NavItem[];
  settingsTabs: SettingsTab[];
  topBarItems: TopBarItem[];
  fills: AnySlotFill[];
}

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

/** Merges plugin contributions; a page path or tab id claimed twice keeps the first plugin's. */
export function buildRegistry(plugins: readonly UiPlugin[], warn: (message: string) => void = () => {}): UiRegistry {
  const pages: UiPage[] = [];
  const pagePaths = new Set<string>();
  const tabs: SettingsTab[] = [];
  const tabIds = new Set<string>();
  for (const plugin of plugins) {
    for (const page of plugin.pages ?? []) {
      if (pagePaths.has(page.path)) {
        warn(`Plugin ${plugin.id}: page ${page.path} is already provided by another plugin`);
        continue;
      }
      pagePaths.add(page.path);
      pages.push(page);
    }
    for (const tab of plugin.settingsTabs ?? []) {
      if (tabIds.has(tab.id)) {
        warn(`Plugin ${plugin.id}: settings tab ${tab.id} is already provided by another plugin`);
        continue;
      }
      tabIds.add(tab.id);
      tabs.push(tab);
    }
  }
  return {
    plugins: [...plugins],
    pages,
    navItems: plugins.flatMap((p) => p.navItems ?? []).sort(byOrder),
    settingsTabs: tabs.sort(byOrder),
    topBarItems: plugins.flatMap((p) => p.topBarItems ?? []).sort(byOrder),
    fills: plugins.flatMap((p) => p.fills ?? []).sort(byOrder),
  };
}

/** Nav items sorted by order, hidden when the user lacks their permission or their appearance turns their flag off. */
export function visibleNavItems(items: readonly NavItem[], hasPermission: (p: Permission) => boolean, shows: (flag: AppearanceFlag) => boolean = () => true): NavItem[] {
  return items.filter((item) => (!item.permission || hasPermission(item.permission)) && (!item.appearance || shows(item.appearance))).sort(byOrder);
}

/** The host's own settings tabs first, then the plugins' tabs by order; host ids win. */
export function mergeSettingsTabs<T extends { id: string }>(hostTabs: readonly T[], pluginTabs: readonly (T & { order: number })[]): T[] {
  const ids = new Set(hostTabs.map((t) => t.id));
  return [...hostTabs, ...[...pluginTabs].sort(byOrder).filter((t) => !ids.has(t.id))];
}

/** The plugin folder a discovered module path names: `../../plugins/errors/ui.tsx` → `errors`. */
export function pluginFolder(modulePath: string): string | null {
  return /\/plugins\/([^/]+)\/ui\.tsx$/.exec(modulePath)?.[1] ?? null;
}

/** Module paths of enabled plugins only (disabled plugins' UI code is never loaded). */
export function enabledModulePaths(modulePaths: readonly string[], enabled: readonly string[]): string[] {
  return modulePaths.filter((path) => {
    const folder = pluginFolder(path);
    return folder !== null && enabled.includes(folder);
  });
}
