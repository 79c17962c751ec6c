import type { ErrorListItem } from '../../api.js';

export const SYNTHETIC_BADGE_TEXT = 'Synthetic';

/** What the badge says: 'Synthetic' when every occurrence came from synthetic test runs, how many when some did. */
export function syntheticBadge(error: Pick<ErrorListItem, 'synthetic' | 'syntheticOccurrences' | 'occurrences'>): { text: string; title: string } | null {
  const count = error.syntheticOccurrences ?? 0;
  if (error.synthetic) return { text: SYNTHETIC_BADGE_TEXT, title: 'Every occurrence was recorded in a synthetic test run.' };
  if (count <= 0) return null;
  return { text: `${count} synthetic`, title: `${count} of ${error.occurrences} occurrences were recorded in synthetic test runs.` };
}

/** Marks an error seen in synthetic test runs (the runs record themselves with the project's tracker). */
export function SyntheticBadge({ error }: { error: Pick<ErrorListItem, 'synthetic' | 'syntheticOccurrences' | 'occurrences'> }) {
  const badge = syntheticBadge(error);
  if (!badge) return null;
  return (
    <span className={['cs-error-synthetic', error.synthetic ? '' : 'cs-error-synthetic--some'].filter(Boolean).join(' ')} title={badge.title} data-testid="synthetic-badge">
      {badge.text}
    </span>
  );
}
