import type { ReactNode } from 'react';
import { FormErrors, Loader, NoContent } from '@cassette/plugin-sdk/ui';

interface ResourceListProps<T> {
  /** What `useResource` returns for a list (or a derived view of it). */
  resource: { data: T[] | null; errors: string[] | null; loading: boolean };
  /** Shown when the list loaded empty. */
  empty?: ReactNode;
  children(items: T[]): ReactNode;
}

/**
 * Loader, errors or empty state before the list itself. The loader only shows
 * on the first load so a reload keeps the current rows on screen.
 */
export function ResourceList<T>({ resource, empty = <NoContent />, children }: ResourceListProps<T>) {
  const { data, errors, loading } = resource;
  if (loading && !data) return <Loader />;
  if (errors) {
    return (
      <div className="cs-card__body">
        <FormErrors errors={errors} />
      </div>
    );
  }
  if (!data || data.length === 0) return <>{empty}</>;
  return <>{children(data)}</>;
}
