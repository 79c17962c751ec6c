import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useHost } from '../../host-context.js';
import { Button } from '../button.js';
import { useDismiss } from '../use-dismiss.js';
import { CustomRangePopup } from './custom-range-popup.js';
import { dateRangePickerMachine } from './date-range-picker.machine.js';
import { ALL_DATE_RANGES, dateRangeLabel, rangeBounds, rangeButtonLabel, type DateBounds, type DateRangeValue } from './date-ranges.js';
import './date-range-picker.css';

export interface DateRangePickerProps {
  value: DateRangeValue;
  /** A custom range's ends (epoch ms); ignored for the named ranges. */
  startDate?: number | null;
  endDate?: number | null;
  /** The range chosen and what it means now, in the viewer's timezone. */
  onChange(value: DateRangeValue, bounds: DateBounds): void;
  /** The ranges offered, in menu order: every range by default, `ALERT_DATE_RANGES` for alerts. */
  ranges?: readonly DateRangeValue[];
}

/**
 * The date-range dropdown (spec part 1 §4): a named range applies at once; Custom Range opens a
 * popup with a two-month calendar. Times are in the host's timezone. The behaviour is
 * `dateRangePickerMachine`; this component only draws it.
 */
export function DateRangePicker({ value, startDate = null, endDate = null, onChange, ranges = ALL_DATE_RANGES }: DateRangePickerProps) {
  const { timezone } = useHost();
  const picker = useActorRef(dateRangePickerMachine);
  const open = useSelector(picker, (s) => s.matches('menu'));
  const custom = useSelector(picker, (s) => (s.matches('custom') ? s : null));
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;

  useEffect(() => {
    const subscription = picker.on('change', ({ value: chosen, bounds }) => {
      latestOnChange.current(chosen, bounds);
      if (chosen !== 'CUSTOM_RANGE') buttonRef.current?.focus();
    });
    return () => subscription.unsubscribe();
  }, [picker]);

  const close = useCallback(() => picker.send({ type: 'CLOSE' }), [picker]);
  useDismiss(ref, open, close);

  const choose = (chosen: DateRangeValue) => {
    const now = Date.now();
    picker.send({ type: 'CHOOSE', value: chosen, now, timezone, current: rangeBounds(value, timezone, now, { startDate, endDate }) });
  };

  const label = rangeButtonLabel(value, startDate, endDate, timezone);
  return (
    <div className="cs-date-range-picker" ref={ref}>
      <Button
        ref={buttonRef}
        variant="secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Date range: ${label}`}
        data-testid="date-range-button"
        onClick={() => picker.send({ type: 'TOGGLE' })}
      >
        <CalendarIcon />
        {label}
      </Button>
      {open && (
        <div className="cs-dropdown cs-date-range-picker__menu" id={menuId} role="menu" aria-label="Date range" onKeyDown={moveFocus}>
          {ranges.map((range) => (
            <button
              key={range}
              type="button"
              role="menuitemradio"
              aria-checked={range === value}
              autoFocus={range === value}
              className={['cs-dropdown__item', range === value ? 'is-active' : ''].filter(Boolean).join(' ')}
              onClick={() => choose(range)}
            >
              {dateRangeLabel(range)}
            </button>
          ))}
        </div>
      )}
      {custom && (
        <CustomRangePopup
          picker={custom.context}
          pickingEnd={custom.matches({ custom: 'pickingEnd' })}
          canShowNextMonth={custom.can({ type: 'NEXT_MONTH' })}
          onPickDay={(day) => picker.send({ type: 'PICK_DAY', day })}
          onStartTime={(time) => picker.send({ type: 'SET_START_TIME', time })}
          onEndTime={(time) => picker.send({ type: 'SET_END_TIME', time })}
          onPreviousMonth={() => picker.send({ type: 'PREVIOUS_MONTH' })}
          onNextMonth={() => picker.send({ type: 'NEXT_MONTH' })}
          onApply={() => picker.send({ type: 'APPLY' })}
          onCancel={() => picker.send({ type: 'CANCEL' })}
        />
      )}
    </div>
  );
}

/** Up and down arrows move between the menu's ranges, wrapping around. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  event.preventDefault();
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitemradio"]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  items[(at + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
}

function CalendarIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
