import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, useDismiss } from '@cassette/plugin-sdk/ui';
import { FILTER_CATEGORIES } from '../../../shared/filter-catalogue.js';
import type { PickerEntry } from './filter-item.js';
import { NO_RESULTS } from './value-input.js';

export interface FilterPickerProps {
  /** The button: 'Add Step' or 'Add Filter'. */
  label: string;
  entries: PickerEntry[];
  onPick(entry: PickerEntry): void;
  testId: string;
}

/** A button opening a searchable list of filter keys grouped by category (spec part 1 §3 categories). */
export function FilterPicker({ label, entries, onPick, testId }: FilterPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const close = useCallback(() => {
    setOpen(false);
    setQuery('');
    setActive(0);
  }, []);
  useDismiss(ref, open, close);

  const q = query.trim().toLowerCase();
  const matching = entries.filter((e) => !q || e.label.toLowerCase().includes(q) || e.category.toLowerCase().includes(q));
  const groups = FILTER_CATEGORIES.map((category) => ({ category, entries: matching.filter((e) => e.category === category) })).filter((g) => g.entries.length > 0);
  const ordered = groups.flatMap((g) => g.entries);
  const optionId = (entry: PickerEntry) => `${listId}-${entry.id}`;

  function pick(entry: PickerEntry) {
    onPick(entry);
    close();
    buttonRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (ordered.length) setActive((a) => (a + (event.key === 'ArrowDown' ? 1 : -1) + ordered.length) % ordered.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const entry = ordered[Math.min(active, ordered.length - 1)];
      if (entry) pick(entry);
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      buttonRef.current?.focus();
    }
  }

  return (
    <div className="cs-filter-picker" ref={ref}>
      <Button ref={buttonRef} size="small" variant="secondary" aria-haspopup="listbox" aria-expanded={open} data-testid={testId} onClick={() => (open ? close() : setOpen(true))}>
        + {label}
      </Button>
      {open && (
        <div className="cs-filter-popover cs-filter-picker__panel">
          <input
            className="cs-input"
            autoFocus
            role="combobox"
            aria-label={`Search ${label === 'Add Step' ? 'events' : 'filters'}`}
            aria-expanded="true"
            aria-controls={listId}
            aria-activedescendant={ordered[active] ? optionId(ordered[active]!) : undefined}
            placeholder="Search…"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <div className="cs-filter-picker__list" role="listbox" id={listId} aria-label={label}>
            {groups.length === 0 && <div className="cs-filter-suggest__note">{NO_RESULTS}</div>}
            {groups.map((group) => (
              <div key={group.category} role="group" aria-label={group.category} className="cs-filter-picker__group">
                <div className="cs-filter-picker__category" aria-hidden="true">
                  {group.category}
                </div>
                {group.entries.map((entry) => {
                  const isActive = ordered[active] === entry;
                  return (
                    <div
                      key={entry.id}
                      id={optionId(entry)}
                      role="option"
                      aria-selected={isActive}
                      className={['cs-filter-picker__option', isActive ? 'is-active' : ''].filter(Boolean).join(' ')}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => pick(entry)}
                    >
                      {entry.label}
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
