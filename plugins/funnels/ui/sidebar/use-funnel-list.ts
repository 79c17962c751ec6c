import { useCallback } from 'react';
import { useApi, useLatestAnswer } from '@cassette/plugin-sdk/ui';
import type { Funnel, FunnelFilter, FunnelListItem } from '../../shared/funnel.js';
import { funnelsRoutes } from '../paths.js';

export const FUNNELS_LOAD_FAILED = 'The funnels could not be loaded.';
const NO_FUNNELS: FunnelListItem[] = [];

export interface NewFunnel {
  name: string;
  filter: FunnelFilter;
  isPublic: boolean;
}

export interface FunnelList {
  /** The caller's funnels and the project's shared ones, as the server orders them. */
  list: FunnelListItem[];
  loading: boolean;
  errors: string[];
  reload(): void;
  /** Saves a funnel, then loads the list again (spec part 1 §7). */
  create(input: NewFunnel): Promise<Funnel>;
  rename(funnelId: number, name: string): Promise<void>;
  remove(funnelId: number): Promise<void>;
}

/** The project's funnels (`GET /funnels`), and what the sidebar does to them. */
export function useFunnelList(projectId: number): FunnelList {
  const api = useApi();
  const { data, loading, errors, retry: reload, setData } = useLatestAnswer<FunnelListItem[]>(
    String(projectId),
    async () => {
      const answer = await api.get<unknown>(funnelsRoutes.list(projectId));
      return Array.isArray(answer) ? (answer as FunnelListItem[]).filter((f) => f && typeof f.funnelId === 'number') : [];
    },
    FUNNELS_LOAD_FAILED,
  );

  const create = useCallback(
    async (input: NewFunnel) => {
      const created = await api.post<Funnel>(funnelsRoutes.list(projectId), input);
      reload();
      return created;
    },
    [api, projectId, reload],
  );
  const rename = useCallback(
    async (funnelId: number, name: string) => {
      const renamed = await api.post<Funnel>(funnelsRoutes.funnel(projectId, funnelId), { name });
      setData((list) => list && list.map((f) => (f.funnelId === funnelId ? { ...f, name: renamed?.name ?? name } : f)));
    },
    [api, projectId, setData],
  );
  const remove = useCallback(
    async (funnelId: number) => {
      await api.del(funnelsRoutes.funnel(projectId, funnelId));
      setData((list) => list && list.filter((f) => f.funnelId !== funnelId));
    },
    [api, projectId, setData],
  );
  return { list: data ?? NO_FUNNELS, loading, errors, reload, create, rename, remove };
}
