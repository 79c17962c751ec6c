import { useRef, useState } from 'react';
import { Button, Input, useDismiss } from '@cassette/plugin-sdk/ui';
import { filterProblem, LIVE_FILTER_KEYS, type LiveFilter, type LiveFilterKey } from './live-filters.js';

/** One live filter's popup (490 px wide and 400 px high at most, spec part 2 §2): its value, and the metadata key for METADATA. */
export function LiveFilterPopup({ filterKey, onApply, onClose }: { filterKey: LiveFilterKey; onApply(filter: LiveFilter): void; onClose(): void }) {
  const ref = useRef<HTMLFormElement>(null);
  const def = LIVE_FILTER_KEYS.find((k) => k.key === filterKey)!;
  const [value, setValue] = useState('');
  const [metaKey, setMetaKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useDismiss(ref, true, onClose);
  return (
    <form
      ref={ref}
      className="cs-assist-filter-popup"
      data-testid="live-filter-popup"
      aria-label={`${def.label} filter`}
      onSubmit={(event) => {
        event.preventDefault();
        const filter: LiveFilter = filterKey === 'metadata' ? { key: filterKey, value, metaKey } : { key: filterKey, value };
        const wrong = filterProblem(filter);
        if (wrong) return setProblem(wrong);
        onApply(filter);
      }}
    >
      <strong>{def.label}</strong>
      {filterKey === 'metadata' && <Input aria-label="Metadata key" placeholder="Key, e.g. plan" value={metaKey} maxLength={100} onChange={(e) => setMetaKey(e.target.value)} />}
      <Input aria-label={`${def.label} value`} placeholder={def.placeholder} value={value} maxLength={filterKey === 'url' ? 2000 : 256} autoFocus onChange={(e) => setValue(e.target.value)} />
      {problem && (
        <p className="cs-assist-filter-popup__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="cs-assist-filter-popup__actions">
        <Button size="small" variant="secondary" type="button" onClick={onClose}>
          Cancel
        </Button>
        <Button size="small" variant="primary" type="submit">
          Apply
        </Button>
      </div>
    </form>
  );
}
