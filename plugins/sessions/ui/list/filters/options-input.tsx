import { useCallback, useId, useRef, useState } from 'react';
import type { FilterOption } from '../../../shared/filter-catalogue.js';
import { useDismiss } from '@cassette/plugin-sdk/ui';

export interface OptionsInputProps {
  label: string;
  options: readonly FilterOption[];
  values: string[];
  onChange(values: string[]): void;
}

/** A checklist of a key's fixed options (platform, issue type, method), any number of them. */
export function OptionsInput({ label, options, values, onChange }: OptionsInputProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  const panelId = useId();
  const chosen = options.filter((o) => values.includes(o.value)).map((o) => o.label);
  const toggle = (value: string, on: boolean) => onChange(on ? [...values, value] : values.filter((v) => v !== value));

  return (
    <div className="cs-filter-options" ref={ref}>
      <button
        type="button"
        className="cs-input cs-filter-options__button"
        aria-label={`${label} value`}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {chosen.length ? chosen.join(', ') : <span className="cs-muted">Select {label.toLowerCase()}</span>}
      </button>
      {open && (
        <div className="cs-filter-popover cs-filter-options__panel" id={panelId} role="group" aria-label={`${label} options`}>
          {options.map((o) => (
            <label key={o.value} className="cs-filter-options__option">
              <input type="checkbox" checked={values.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} />
              {o.label}
            </label>
          ))}
        </div>
      )}
    </div>
  );
}
