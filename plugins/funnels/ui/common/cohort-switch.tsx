import type { FunnelSessionsCohort } from '../../shared/funnel.js';
import { COHORTS } from './funnel-view.js';

export interface CohortSwitchProps {
  value: FunnelSessionsCohort;
  onChange(cohort: FunnelSessionsCohort): void;
  /** Other words for a cohort (the issue page says "All affected"). */
  labels?: Partial<Record<FunnelSessionsCohort, string>>;
}

/** All who entered / Converted / Dropped: which sessions of the span the list shows. */
export function CohortSwitch({ value, onChange, labels = {} }: CohortSwitchProps) {
  return (
    <div className="cs-funnel-cohorts" role="radiogroup" aria-label="Sessions">
      {COHORTS.map((cohort) => (
        <button
          key={cohort.value}
          type="button"
          role="radio"
          aria-checked={cohort.value === value}
          title={cohort.hint}
          className={['cs-funnel-cohorts__option', cohort.value === value ? 'is-active' : ''].filter(Boolean).join(' ')}
          onClick={() => cohort.value !== value && onChange(cohort.value)}
        >
          {labels[cohort.value] ?? cohort.label}
        </button>
      ))}
    </div>
  );
}
