import { useCallback } from 'react';
import { useApi, useLatestAnswer } from '@cassette/plugin-sdk/ui';
import type { SavedSearch, SessionSearchFilter } from '../../../shared/search.js';

export const SAVED_SEARCHES_FAILED = 'The saved searches could not be loaded.';
const NO_SEARCHES: SavedSearch[] = [];

export interface SavedSearchInput {
  name: string;
  filter: SessionSearchFilter;
  isPublic: boolean;
}

export interface SavedSearches {
  /** The caller's own searches and the project's shared ones, newest first. */
  list: SavedSearch[];
  loading: boolean;
  errors: string[];
  reload(): void;
  create(input: SavedSearchInput): Promise<SavedSearch>;
  /** Only the author may update (the server says so otherwise). */
  update(searchId: number, input: SavedSearchInput): Promise<SavedSearch>;
  remove(searchId: number): Promise<void>;
}

/** The project's saved searches (spec part 1 §7: GET, POST, POST /{id}, DELETE /{id} `/saved_search`). */
export function useSavedSearches(projectId: number | null): SavedSearches {
  const api = useApi();
  const { data, loading, errors, retry: reload, setData } = useLatestAnswer<SavedSearch[]>(
    projectId === null ? null : String(projectId),
    async () => {
      const answer = await api.get<unknown>(`/${projectId}/saved_search`);
      return Array.isArray(answer) ? (answer as SavedSearch[]).filter((s) => s && typeof s.searchId === 'number') : [];
    },
    SAVED_SEARCHES_FAILED,
  );
  const list = data ?? NO_SEARCHES;
  const setList = useCallback((change: (l: SavedSearch[]) => SavedSearch[]) => setData((l) => change(l ?? [])), [setData]);

  const create = useCallback(
    async (input: SavedSearchInput) => {
      const saved = await api.post<SavedSearch>(`/${projectId}/saved_search`, input);
      setList((l) => [saved, ...l.filter((s) => s.searchId !== saved.searchId)]);
      return saved;
    },
    [api, projectId, setList],
  );
  const update = useCallback(
    async (searchId: number, input: SavedSearchInput) => {
      const saved = await api.post<SavedSearch>(`/${projectId}/saved_search/${searchId}`, input);
      setList((l) => l.map((s) => (s.searchId === searchId ? { ...s, ...saved } : s)));
      return saved;
    },
    [api, projectId, setList],
  );
  const remove = useCallback(
    async (searchId: number) => {
      await api.del(`/${projectId}/saved_search/${searchId}`);
      setList((l) => l.filter((s) => s.searchId !== searchId));
    },
    [api, projectId, setList],
  );
  return { list, loading, errors, reload, create, update, remove };
}
