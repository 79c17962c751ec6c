import { useCallback, useState } from 'react';
import { ApiError, useApi, useToast } from '@cassette/plugin-sdk/ui';
import { errorsRoutes } from '../paths.js';

export const FAVORITE_FAILED = 'The bookmark could not be changed.';

/** Toggles the caller's bookmark; the server answers the new state, which is what the star shows. */
export function useErrorFavorite(projectId: number, errorId: string, onChange: (favorite: boolean) => void) {
  const api = useApi();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const toggle = useCallback(async () => {
    setSaving(true);
    try {
      const answer = await api.get<{ favorite: boolean }>(errorsRoutes.favorite(projectId, errorId));
      onChange(answer?.favorite === true);
    } catch (e) {
      toast(e instanceof ApiError ? (e.errors[0] ?? FAVORITE_FAILED) : FAVORITE_FAILED, 'error');
    } finally {
      setSaving(false);
    }
  }, [api, errorId, onChange, projectId, toast]);
  return { saving, toggle };
}
