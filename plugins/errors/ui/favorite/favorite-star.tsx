import { useErrorFavorite } from './use-error-favorite.js';

export interface FavoriteStarProps {
  projectId: number;
  errorId: string;
  favorite: boolean;
  onChange(favorite: boolean): void;
}

export function FavoriteStar({ projectId, errorId, favorite, onChange }: FavoriteStarProps) {
  const { saving, toggle } = useErrorFavorite(projectId, errorId, onChange);
  const label = favorite ? 'Remove from bookmarks' : 'Add to bookmarks';
  return (
    <button
      type="button"
      className={['cs-icon-btn', 'cs-error-star', favorite ? 'cs-error-star--on' : ''].filter(Boolean).join(' ')}
      aria-pressed={favorite}
      aria-label={label}
      title={label}
      disabled={saving}
      data-testid="error-favorite"
      onClick={() => void toggle()}
    >
      {favorite ? '★' : '☆'}
    </button>
  );
}
