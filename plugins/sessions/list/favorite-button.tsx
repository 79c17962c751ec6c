import { useState } from 'react';
import { ApiError, useApi, useToast } from '@cassette/plugin-sdk/ui';

export interface FavoriteButtonProps {
  projectId: number;
  sessionId: string;
  favorite: boolean;
  onChange(favorite: boolean): void;
}

/** Toggles the caller's bookmark; the server answers the new state, which is what the star shows. */
export function FavoriteButton({ projectId, sessionId, favorite, onChange }: FavoriteButtonProps) {
  const api = useApi();
  const toast = useToast();
  const [saving, setSaving] = useState(false);

  async function toggle() {
    setSaving(true);
    try {
      const answer = await api.get<{ favorite: boolean }>(`/${projectId}/sessions2/${encodeURIComponent(sessionId)}/favorite`);
      onChange(answer.favorite);
    } catch (e) {
      const reason = e instanceof ApiError ? e.errors[0] : undefined;
      toast(`${reason ? `${reason} ` : ''}The bookmark was not changed; try again.`, 'error');
    } finally {
      setSaving(false);
    }
  }

  return (
    <button
      type="button"
      className={['cs-icon-btn', 'cs-session-favorite', favorite ? 'cs-session-favorite--on' : ''].filter(Boolean).join(' ')}
      aria-pressed={favorite}
      aria-label={favorite ? 'Remove from bookmarks' : 'Add to bookmarks'}
      title={favorite ? 'Remove from bookmarks' : 'Add to bookmarks'}
      disabled={saving}
      onClick={() => void toggle()}
    >
      {favorite ? '★' : '☆'}
    </button>
  );
}
