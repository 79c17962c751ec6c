import { useFavoriteToggle } from '../common/use-favorite-toggle.js';

export interface FavoriteButtonProps {
  projectId: number;
  sessionId: string;
  favorite: boolean;
  onChange(favorite: boolean): void;
}

/** Toggles the caller's bookmark; the server answers the new state, which is what the star shows. */
export function FavoriteButton({ projectId, sessionId, favorite, onChange }: FavoriteButtonProps) {
  const { saving, toggle } = useFavoriteToggle(projectId, sessionId, onChange);

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
