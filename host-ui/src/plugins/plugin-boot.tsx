import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, UiRegistryContext } from '@cassette/plugin-sdk/ui';
import { errorsOf } from '../app/errors.js';
import { FullPageMessage, FullPageLoader } from '../app/full-page.js';
import { loadEnabledPlugins } from '../plugin-discovery.js';
import { useSession } from '../session/session.js';
import { buildRegistry, type UiRegistry } from './registry.js';

/** Flags an operator turns on for testing the app itself (GET /api/plugins). */
export interface DebugFlags {
  crashTesting: boolean;
  selfRecordKey: string | null;
}

interface PluginsValue {
  enabled: string[];
  registry: UiRegistry;
  debug: DebugFlags;
}

const PluginsContext = createContext<PluginsValue | null>(null);

export function usePlugins(): PluginsValue {
  const value = useContext(PluginsContext);
  if (!value) throw new Error('usePlugins() outside <PluginBoot>');
  return value;
}

/** At startup: GET /api/plugins, then load the UI of the enabled plugins only. */
export function PluginBoot({ children }: { children: ReactNode }) {
  const { api } = useSession();
  const [value, setValue] = useState<PluginsValue | null>(null);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const { enabled, debug } = await api.get<{ enabled: string[]; debug?: DebugFlags }>('/plugins');
        const { plugins } = await loadEnabledPlugins(enabled ?? []);
        if (cancelled) return;
        setValue({ enabled: enabled ?? [], registry: buildRegistry(plugins, (m) => console.warn(m)), debug: { crashTesting: debug?.crashTesting === true, selfRecordKey: debug?.selfRecordKey ?? null } });
      } catch (error) {
        if (!cancelled) setErrors(errorsOf(error));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [api, attempt]);

  const retry = useCallback(() => {
    setErrors(null);
    setAttempt((n) => n + 1);
  }, []);
  const registryValue = useMemo(() => ({ fills: value?.registry.fills ?? [] }), [value]);

  if (errors)
    return (
      <FullPageMessage title="Cassette could not start" errors={errors}>
        <Button variant="primary" onClick={retry}>
          Retry
        </Button>
      </FullPageMessage>
    );
  if (!value) return <FullPageLoader />;
  return (
    <PluginsContext.Provider value={value}>
      <UiRegistryContext.Provider value={registryValue}>{children}</UiRegistryContext.Provider>
    </PluginsContext.Provider>
  );
}
