import { useState } from 'react';
import { ApiError, useApi, useToast } from '@cassette/plugin-sdk/ui';

/**
 * Toggles the caller's bookmark of a session (the list's star and the player's button). The
 * server answers the new state, which is what the caller shows: two quick clicks cannot leave
 * the button out of step with what is stored.
 */
export function useFavoriteToggle(projectId: number, sessionId: string, onChange: (favorite: boolean) => void) {
  const api = useApi();
  const toast = useToast();
  const [saving, setSaving] = useState(false);

  async function toggle() {
    setSaving(true);
    try {
      const answer = await api.get<{ favorite: boolean }>(`/${projectId}/sessions2/${encodeURIComponent(sessionId)}/favorite`);
      onChange(answer.favorite === true);
    } catch (e) {
      const reason = e instanceof ApiError ? e.errors[0] : undefined;
      toast(`${reason ? `${reason} ` : ''}The bookmark was not changed; try again.`, 'error');
    } finally {
      setSaving(false);
    }
  }

  return { saving, toggle };
}
