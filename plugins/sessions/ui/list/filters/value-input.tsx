import { forwardRef, useId, useState, type KeyboardEvent } from 'react';
import type { ValueSuggestion } from './suggestions.js';
import { useSuggestions } from './use-suggestions.js';

export const NO_RESULTS = 'No results found!';
export const SUGGESTIONS_FAILED = 'Suggestions are unavailable right now. Type a value and press Enter to add it.';

export interface ValueInputProps {
  /** The row's name, for the labels ("Visited URL value"). */
  label: string;
  values: string[];
  onChange(values: string[]): void;
  placeholder?: string;
  /** Loads suggestions for a query; null for keys without suggestions. */
  suggest: ((query: string) => Promise<ValueSuggestion[]>) | null;
  /** What is suggested (key and operator); a change forgets kept answers. */
  suggestSource: string;
  /** How a stored value shows (a country code as its name). */
  display?(value: string): string;
}

/**
 * Several values as chips (spec: positive operators match any of them). Enter adds what is
 * typed, or the highlighted suggestion; Backspace in the empty box removes the last chip.
 */
export const ValueInput = forwardRef<HTMLInputElement, ValueInputProps>(function ValueInput({ label, values, onChange, placeholder, suggest, suggestSource, display = (v) => v }, ref) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const { items, status } = useSuggestions(suggest, suggestSource, text, open);
  const choices = items.filter((s) => !values.includes(s.value));

  function add(value: string) {
    const v = value.trim();
    setText('');
    setActive(-1);
    if (v && !values.includes(v)) onChange([...values, v]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (choices.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + choices.length) % choices.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = active >= 0 ? choices[active] : undefined;
      add(chosen ? chosen.value : text);
    } else if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === 'Backspace' && text === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  }

  const showList = open && suggest !== null && status !== 'idle';
  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <div className="cs-filter-value">
      {values.map((value) => (
        <span key={value} className="cs-filter-chip" data-testid="filter-value-chip">
          <span className="cs-filter-chip__text">{display(value)}</span>
          <button type="button" className="cs-filter-chip__remove" aria-label={`Remove ${display(value)}`} onClick={() => onChange(values.filter((v) => v !== value))}>
            ×
          </button>
        </span>
      ))}
      <div className="cs-filter-value__box">
        <input
          ref={ref}
          className="cs-input cs-filter-value__input"
          data-testid="filter-value-input"
          role="combobox"
          aria-label={`${label} value`}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={showList ? listId : undefined}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          placeholder={values.length ? 'Add another value' : (placeholder ?? 'Type a value and press Enter')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            // A value typed and left is meant, not lost.
            if (text.trim()) add(text);
          }}
          onKeyDown={onKeyDown}
        />
        {showList && (
          <ul className="cs-filter-suggest" role="listbox" id={listId} aria-label={`${label} suggestions`}>
            {status === 'waiting' && choices.length === 0 && <li className="cs-filter-suggest__note">Loading suggestions…</li>}
            {status === 'failed' && <li className="cs-filter-suggest__note">{SUGGESTIONS_FAILED}</li>}
            {status === 'done' && choices.length === 0 && <li className="cs-filter-suggest__note">{NO_RESULTS}</li>}
            {choices.map((s, i) => (
              <li
                key={s.value}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={['cs-filter-suggest__option', i === active ? 'is-active' : ''].filter(Boolean).join(' ')}
                // Keep the focus in the box, so picking is not a blur.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => add(s.value)}
              >
                <span className="cs-filter-suggest__label">{s.label}</span>
                {s.count !== undefined && <span className="cs-filter-suggest__count">{s.count}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
});
