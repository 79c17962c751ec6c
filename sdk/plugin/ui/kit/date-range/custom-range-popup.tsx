import { Button } from '../button.js';
import { Modal } from '../overlays.js';
import { dayTitle } from './calendar.js';
import type { DateRangePickerContext } from './date-range-picker.machine.js';
import { TwoMonthCalendar } from './two-month-calendar.js';

export interface CustomRangePopupProps {
  picker: DateRangePickerContext;
  /** The next day clicked ends the range (the first one started it). */
  pickingEnd: boolean;
  canShowNextMonth: boolean;
  onPickDay(day: string): void;
  onStartTime(time: string): void;
  onEndTime(time: string): void;
  onPreviousMonth(): void;
  onNextMonth(): void;
  onApply(): void;
  onCancel(): void;
}

/** "Custom Range": the two-month calendar, start and end times without seconds, Apply and Cancel (spec part 1 §4–§5). */
export function CustomRangePopup({ picker, pickingEnd, canShowNextMonth, onPickDay, onStartTime, onEndTime, onPreviousMonth, onNextMonth, onApply, onCancel }: CustomRangePopupProps) {
  const { draft, today, month, timezone, error } = picker;
  return (
    <Modal
      title="Custom Range"
      size="medium"
      onClose={onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="primary" onClick={onApply}>
            Apply
          </Button>
        </>
      }
    >
      <div className="cs-custom-range-picker" data-testid="custom-range">
        <p className="cs-muted cs-custom-range-picker__hint" aria-live="polite">
          {pickingEnd ? 'Click the last day of the range.' : 'Click the first day of the range.'}
        </p>
        <TwoMonthCalendar month={month} draft={draft} today={today} canShowNext={canShowNextMonth} onPickDay={onPickDay} onPrevious={onPreviousMonth} onNext={onNextMonth} />
        <div className="cs-custom-range-picker__bounds">
          <fieldset className="cs-custom-range-picker__bound">
            <legend>Start</legend>
            <span data-field="start-day">{dayTitle(draft.startDay)}</span>
            <input className="cs-input" type="time" aria-label="Start time" required step={60} value={draft.startTime} onChange={(e) => onStartTime(e.target.value)} />
          </fieldset>
          <fieldset className="cs-custom-range-picker__bound">
            <legend>End</legend>
            <span data-field="end-day">{dayTitle(draft.endDay)}</span>
            <input className="cs-input" type="time" aria-label="End time" required step={60} value={draft.endTime} onChange={(e) => onEndTime(e.target.value)} />
          </fieldset>
        </div>
        <p className="cs-muted cs-custom-range-picker__zone">Times are in {timezone}.</p>
        {error && (
          <p className="cs-field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
