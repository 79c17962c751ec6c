import { useEffect, useSyncExternalStore } from 'react';
import { useHost, type ApiClient } from '@cassette/plugin-sdk/ui';
import type { WatchdogStatus } from '../../shared/watchdogs.js';

/**
 * The watchdog status of each project (spec part 1 §4: fetched after login and on every project
 * switch): the sessions list's tabs and the rules' names on session rows read it from here.
 */
const statuses = new Map<number, WatchdogStatus>();
const pending = new Map<number, Promise<void>>();
/** Bumped when a project's status is forgotten: an answer to an older request is dropped. */
const generations = new Map<number, number>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version++;
  for (const listener of listeners) listener();
}

/** Fetches the project's status (again, when `refresh`); a failure leaves what was known. */
export function loadWatchdogStatus(api: Pick<ApiClient, 'get'>, projectId: number, refresh = false): Promise<void> {
  if (!refresh && (statuses.has(projectId) || pending.has(projectId))) return pending.get(projectId) ?? Promise.resolve();
  const generation = generations.get(projectId) ?? 0;
  const load = api
    .get<WatchdogStatus>(`/${projectId}/watchdogs/status`)
    .then((status) => {
      if ((generations.get(projectId) ?? 0) !== generation) return;
      statuses.set(projectId, { watchdogs: status.watchdogs ?? [], rehydrating: !!status.rehydrating });
      changed();
    })
    .catch(() => {})
    .finally(() => {
      if (pending.get(projectId) === load) pending.delete(projectId);
    });
  pending.set(projectId, load);
  return load;
}

/** After the rules changed in settings: the next read fetches them again. */
export function forgetWatchdogStatus(projectId: number): void {
  statuses.delete(projectId);
  pending.delete(projectId);
  generations.set(projectId, (generations.get(projectId) ?? 0) + 1);
  changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The project's status, fetched when not known yet; null until it is. */
export function useWatchdogStatus(api: Pick<ApiClient, 'get'>, projectId: number | null): WatchdogStatus | null {
  useSyncExternalStore(subscribe, () => version);
  useEffect(() => {
    if (projectId !== null) void loadWatchdogStatus(api, projectId);
  }, [api, projectId]);
  return projectId === null ? null : (statuses.get(projectId) ?? null);
}

/**
 * Mounted beside the Sessions link of the top bar, which follows the selected project: fetches
 * the status when the app starts and again at every project switch. Draws nothing.
 */
export function WatchdogStatusLoader({ siteId }: { siteId: number }) {
  const { api } = useHost();
  useEffect(() => {
    void loadWatchdogStatus(api, siteId, true);
  }, [api, siteId]);
  return null;
}
