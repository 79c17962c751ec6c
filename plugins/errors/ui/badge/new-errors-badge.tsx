import { useNewErrorsCount } from './use-new-errors-count.js';

/** Next to the Errors nav label: how many new errors wait; nothing when none do. */
export function NewErrorsBadge({ siteId }: { siteId: number }) {
  const count = useNewErrorsCount(siteId);
  if (count <= 0) return null;
  const text = `${count} new ${count === 1 ? 'error' : 'errors'} in the last 7 days`;
  return (
    <span className="cs-nav-badge" data-testid="new-errors-badge" title={text} aria-label={text}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
