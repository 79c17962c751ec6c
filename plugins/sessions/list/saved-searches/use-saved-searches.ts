import { useCallback, useEffect, useState } from 'react';
import { ApiError, useApi } from '@cassette/plugin-sdk/ui';
import type { SavedSearch, SessionSearchFilter } from '../../api.js';

export const SAVED_SEARCHES_FAILED = 'The saved searches could not be loaded.';

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
  const [list, setList] = useState<SavedSearch[]>([]);
  const [loading, setLoading] = useState(projectId !== null);
  const [errors, setErrors] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (projectId === null) return;
    let current = true;
    setLoading(true);
    setErrors([]);
    api
      .get<unknown>(`/${projectId}/saved_search`)
      .then((answer) => {
        if (current) setList(Array.isArray(answer) ? (answer as SavedSearch[]).filter((s) => s && typeof s.searchId === 'number') : []);
      })
      .catch((e: unknown) => {
        if (current) setErrors(e instanceof ApiError ? e.errors : [SAVED_SEARCHES_FAILED]);
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [api, projectId, attempt]);

  const create = useCallback(
    async (input: SavedSearchInput) => {
      const saved = await api.post<SavedSearch>(`/${projectId}/saved_search`, input);
      setList((l) => [saved, ...l.filter((s) => s.searchId !== saved.searchId)]);
      return saved;
    },
    [api, projectId],
  );
  const update = useCallback(
    async (searchId: number, input: SavedSearchInput) => {
      const saved = await api.post<SavedSearch>(`/${projectId}/saved_search/${searchId}`, input);
      setList((l) => l.map((s) => (s.searchId === searchId ? { ...s, ...saved } : s)));
      return saved;
    },
    [api, projectId],
  );
  const remove = useCallback(
    async (searchId: number) => {
      await api.del(`/${projectId}/saved_search/${searchId}`);
      setList((l) => l.filter((s) => s.searchId !== searchId));
    },
    [api, projectId],
  );
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { list, loading, errors, reload, create, update, remove };
}
