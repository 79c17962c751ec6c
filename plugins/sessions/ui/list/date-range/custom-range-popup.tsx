import { useState } from 'react';
import { Button, Modal } from '@cassette/plugin-sdk/ui';
import { draftBounds, draftFrom, pickEndDate, pickEndTime, pickStartDate, pickStartTime, type RangeDraft } from './custom-range.js';
import type { DateBounds } from './date-range.js';
import { dateInputValue } from './zoned-time.js';

export interface CustomRangePopupProps {
  /** Where the inputs start: the current range. */
  initial: DateBounds;
  timezone: string;
  onApply(bounds: DateBounds): void;
  onCancel(): void;
  now?: number;
}

/**
 * "Custom Range": a start and an end, each a day and a time (spec part 1 §4–§5): no day after
 * today, the start stops at the end and the end at the start, and picking an end day ends at
 * the end of that day. Times are in the viewer's timezone, without seconds.
 */
export function CustomRangePopup({ initial, timezone, onApply, onCancel, now = Date.now() }: CustomRangePopupProps) {
  const [draft, setDraft] = useState<RangeDraft>(() => draftFrom({ startDate: initial.startDate, endDate: Math.min(initial.endDate, now) }, timezone));
  const [error, setError] = useState<string | null>(null);
  const today = dateInputValue(now, timezone);
  const edit = (next: RangeDraft) => {
    setDraft(next);
    setError(null);
  };

  function apply() {
    const bounds = draftBounds(draft, timezone, now);
    if ('error' in bounds) setError(bounds.error);
    else onApply(bounds);
  }

  return (
    <Modal
      title="Custom Range"
      size="small"
      onClose={onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="primary" onClick={apply}>
            Apply
          </Button>
        </>
      }
    >
      <div className="cs-custom-range" data-testid="custom-range">
        <fieldset className="cs-custom-range__bound">
          <legend>Start</legend>
          <input className="cs-input" type="date" aria-label="Start date" required max={draft.endDate || today} value={draft.startDate} onChange={(e) => edit(pickStartDate(draft, e.target.value))} />
          <input className="cs-input" type="time" aria-label="Start time" required step={60} value={draft.startTime} onChange={(e) => edit(pickStartTime(draft, e.target.value))} />
        </fieldset>
        <fieldset className="cs-custom-range__bound">
          <legend>End</legend>
          <input className="cs-input" type="date" aria-label="End date" required min={draft.startDate || undefined} max={today} value={draft.endDate} onChange={(e) => edit(pickEndDate(draft, e.target.value > today ? today : e.target.value))} />
          <input className="cs-input" type="time" aria-label="End time" required step={60} value={draft.endTime} onChange={(e) => edit(pickEndTime(draft, e.target.value))} />
        </fieldset>
        <p className="cs-muted cs-custom-range__zone">Times are in {timezone}.</p>
        {error && (
          <p className="cs-field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
