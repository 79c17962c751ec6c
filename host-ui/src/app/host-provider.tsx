import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { accountHasPermission, HostContext, useToasts, type HostContextValue, type Permission } from '@cassette/plugin-sdk/ui';
import { useNavigate } from 'react-router-dom';
import { usePlugins } from '../plugins/plugin-boot.js';
import { useSession } from '../session/session.js';
import { STORAGE_KEYS, store } from './storage.js';

const browserTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The HostContext every logged-in page (and plugin) reads. */
export function HostProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const { enabled } = usePlugins();
  const toast = useToasts();
  const navigate = useNavigate();
  const { account, client, projects, siteId, api, selectProject, reloadProjects, logout: sessionLogout } = session;

  const [timezone, setTimezoneState] = useState(() => store.get(STORAGE_KEYS.timezone) ?? browserTimezone());
  const setTimezone = useCallback((zone: string) => {
    setTimezoneState(zone);
    // Only a choice other than the browser's own is kept: a laptop that travels follows its clock.
    store.set(STORAGE_KEYS.timezone, zone === browserTimezone() ? null : zone);
  }, []);

  const hasPermission = useCallback((permission: Permission) => accountHasPermission(account, permission), [account]);
  const logout = useCallback(async () => {
    await sessionLogout();
    navigate('/login', { replace: true });
  }, [sessionLogout, navigate]);

  const value = useMemo<HostContextValue | null>(() => {
    if (!account) return null;
    return {
      api,
      account,
      client,
      projects,
      currentProject: projects.find((p) => p.id === siteId) ?? null,
      selectProject,
      reloadProjects,
      hasPermission,
      toast,
      enabledPlugins: enabled,
      timezone,
      setTimezone,
      logout,
    };
  }, [account, api, client, projects, siteId, selectProject, reloadProjects, hasPermission, toast, enabled, timezone, setTimezone, logout]);

  if (!value) return null;
  return <HostContext.Provider value={value}>{children}</HostContext.Provider>;
}
