import { WEEKDAY_NAMES } from '../../format/date-time.js';
import { dayTitle, monthTitle, monthWeeks, shiftMonth, type MonthRef } from './calendar.js';
import { isSelectableDay, type RangeDraft } from './range-draft.js';

export interface TwoMonthCalendarProps {
  /** The right-hand month; the left one is the month before. */
  month: MonthRef;
  draft: RangeDraft;
  /** Days after this one cannot be picked. */
  today: string;
  canShowNext: boolean;
  onPickDay(day: string): void;
  onPrevious(): void;
  onNext(): void;
}

/** Two months side by side (spec part 1 §5); the picked range is marked, days after today are disabled. */
export function TwoMonthCalendar({ month, draft, today, canShowNext, onPickDay, onPrevious, onNext }: TwoMonthCalendarProps) {
  return (
    <div className="cs-calendar" data-testid="two-month-calendar">
      <button type="button" className="cs-icon-btn cs-calendar__nav cs-calendar__nav--previous" aria-label="Previous month" onClick={onPrevious}>
        ‹
      </button>
      {[shiftMonth(month, -1), month].map((shown) => (
        <MonthGrid key={`${shown.year}-${shown.month}`} month={shown} draft={draft} today={today} onPickDay={onPickDay} />
      ))}
      <button type="button" className="cs-icon-btn cs-calendar__nav cs-calendar__nav--next" aria-label="Next month" disabled={!canShowNext} onClick={onNext}>
        ›
      </button>
    </div>
  );
}

function MonthGrid({ month, draft, today, onPickDay }: { month: MonthRef; draft: RangeDraft; today: string; onPickDay(day: string): void }) {
  const title = monthTitle(month);
  return (
    <table className="cs-calendar__month" aria-label={title}>
      <caption className="cs-calendar__title">{title}</caption>
      <thead>
        <tr>
          {WEEKDAY_NAMES.map((name) => (
            <th key={name} scope="col" abbr={name}>
              {name.slice(0, 2)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week, i) => (
          <tr key={i}>
            {week.map((day, j) => (
              <td key={day ?? `blank-${j}`}>{day && <DayButton day={day} draft={draft} today={today} onPickDay={onPickDay} />}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DayButton({ day, draft, today, onPickDay }: { day: string; draft: RangeDraft; today: string; onPickDay(day: string): void }) {
  const isStart = day === draft.startDay;
  const isEnd = day === draft.endDay;
  const inRange = day > draft.startDay && day < draft.endDay;
  const className = ['cs-calendar__day', isStart ? 'is-start' : '', isEnd ? 'is-end' : '', inRange ? 'is-in-range' : '', day === today ? 'is-today' : ''].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={className}
      aria-label={dayTitle(day)}
      aria-pressed={isStart || isEnd || inRange}
      aria-current={day === today ? 'date' : undefined}
      disabled={!isSelectableDay(day, today)}
      data-day={day}
      onClick={() => onPickDay(day)}
    >
      {Number(day.slice(8, 10))}
    </button>
  );
}
