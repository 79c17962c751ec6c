import { Suspense, type ComponentType } from 'react';
import { Loader, NotAllowed, useHost } from '@cassette/plugin-sdk/ui';
import { NavLink, useParams } from 'react-router-dom';
import { ErrorBoundary } from '../app/error-boundary.js';
import { usePlugins } from '../plugins/plugin-boot.js';
import { mergeSettingsTabs } from '../plugins/registry.js';
import { DEFAULT_SETTINGS_TAB, settingsPath } from '../routing/routes.js';
import { HOST_SETTINGS_TABS } from './host-tabs.js';

interface Tab {
  id: string;
  label: string;
  adminOnly: boolean;
  component: ComponentType;
}

export default function SettingsPage() {
  const { activeTab = DEFAULT_SETTINGS_TAB } = useParams();
  const { registry } = usePlugins();
  const { account } = useHost();
  const isAdmin = account.admin || account.superAdmin;
  const tabs: Tab[] = mergeSettingsTabs<Tab>(
    HOST_SETTINGS_TABS,
    registry.settingsTabs.map((t) => ({ id: t.id, label: t.label, adminOnly: t.adminOnly === true, component: t.component, order: t.order })),
  );
  const tab = tabs.find((t) => t.id === activeTab) ?? tabs[0];

  return (
    <div className="cs-page cs-settings">
      <nav className="cs-settings__nav" aria-label="Preferences">
        <div className="cs-settings__nav-title">Preferences</div>
        {tabs.map((t) => (
          <NavLink key={t.id} to={settingsPath(t.id)} className={({ isActive }) => ['cs-settings__tab', isActive ? 'is-active' : ''].join(' ')}>
            {t.label}
          </NavLink>
        ))}
      </nav>
      <section className="cs-settings__content">
        {tab && (
          <ErrorBoundary resetKey={tab.id}>
            <Suspense fallback={<Loader />}>{tab.adminOnly && !isAdmin ? <NotAllowed /> : <tab.component />}</Suspense>
          </ErrorBoundary>
        )}
      </section>
    </div>
  );
}
