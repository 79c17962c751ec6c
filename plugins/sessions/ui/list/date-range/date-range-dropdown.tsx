import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, useHost, useDismiss } from '@cassette/plugin-sdk/ui';
import { CustomRangePopup } from './custom-range-popup.js';
import { RANGE_VALUES, rangeBounds, rangeButtonLabel, type DateBounds, type RangeValue } from './date-range.js';

export interface DateRangeDropdownProps {
  rangeValue: RangeValue;
  startDate: number | null;
  endDate: number | null;
  onChange(rangeValue: RangeValue, custom?: DateBounds): void;
}

/** The timeframe: a preset applies at once; Custom Range opens the start/end popup (spec part 1 §4). */
export function DateRangeDropdown({ rangeValue, startDate, endDate, onChange }: DateRangeDropdownProps) {
  const { timezone } = useHost();
  const [open, setOpen] = useState(false);
  const [custom, setCustom] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  function choose(value: RangeValue) {
    setOpen(false);
    if (value === 'CUSTOM_RANGE') setCustom(true);
    else {
      onChange(value);
      buttonRef.current?.focus();
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    items[(at + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
  }

  return (
    <div className="cs-date-range" ref={ref}>
      <Button
        ref={buttonRef}
        variant="secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Date range: ${rangeButtonLabel(rangeValue, startDate, endDate, timezone)}`}
        data-testid="date-range-button"
        onClick={() => setOpen((o) => !o)}
      >
        <CalendarIcon />
        {rangeButtonLabel(rangeValue, startDate, endDate, timezone)}
      </Button>
      {open && (
        <div className="cs-filter-popover cs-date-range__menu" id={menuId} role="menu" aria-label="Date range" onKeyDown={onMenuKeyDown}>
          {RANGE_VALUES.map((r) => (
            <button
              key={r.value}
              type="button"
              role="menuitemradio"
              aria-checked={r.value === rangeValue}
              autoFocus={r.value === rangeValue}
              className={['cs-dropdown__item', r.value === rangeValue ? 'is-active' : ''].filter(Boolean).join(' ')}
              onClick={() => choose(r.value)}
            >
              {r.label}
            </button>
          ))}
        </div>
      )}
      {custom && (
        <CustomRangePopup
          initial={rangeBounds(rangeValue, timezone, Date.now(), { startDate, endDate })}
          timezone={timezone}
          onCancel={() => setCustom(false)}
          onApply={(bounds) => {
            setCustom(false);
            onChange('CUSTOM_RANGE', bounds);
          }}
        />
      )}
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
