import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

export interface DurationInputProps {
  label: string;
  /** [min, max] in milliseconds; either may be null. */
  value: readonly unknown[] | undefined;
  onChange(value: [number | null, number | null]): void;
}

const msOf = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);
const minutesText = (ms: number | null) => (ms === null ? '' : String(Math.round((ms / MINUTE_MS) * 100) / 100));

/**
 * The session duration in minutes, sent in ms (spec part 1 §5). Fractions count (0.5 is 30
 * seconds) and 0 is a bound like any other, so what the row shows is always what is searched.
 */
export function DurationInput({ label, value, onChange }: DurationInputProps) {
  const min = msOf(value?.[0]);
  const max = msOf(value?.[1]);
  const [minText, setMinText] = useState(minutesText(min));
  const [maxText, setMaxText] = useState(minutesText(max));
  useEffect(() => setMinText((t) => (parse(t) === min ? t : minutesText(min))), [min]);
  useEffect(() => setMaxText((t) => (parse(t) === max ? t : minutesText(max))), [max]);
  const inverted = min !== null && max !== null && min > max;

  return (
    <div className="cs-filter-duration">
      <MinutesBound name="Min" ariaLabel={`${label} minimum minutes`} text={minText} setText={setMinText} onMs={(ms) => onChange([ms, max])} />
      <MinutesBound name="Max" ariaLabel={`${label} maximum minutes`} text={maxText} setText={setMaxText} onMs={(ms) => onChange([min, ms])} />
      <span className="cs-muted">minutes</span>
      {inverted && (
        <span className="cs-filter-row__warning" role="alert">
          The minimum is above the maximum: no session can match. Lower the minimum or raise the maximum.
        </span>
      )}
    </div>
  );
}

/** One bound: what is typed stays as typed; a valid number of minutes goes out in ms. */
function MinutesBound({ name, ariaLabel, text, setText, onMs }: { name: string; ariaLabel: string; text: string; setText(text: string): void; onMs(ms: number | null): void }) {
  return (
    <label className="cs-filter-duration__bound">
      <span>{name}</span>
      <input
        className="cs-input cs-filter-number"
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        aria-label={ariaLabel}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const ms = parse(e.target.value);
          if (ms !== undefined) onMs(ms);
        }}
      />
    </label>
  );
}

/** Minutes typed (fractions too, to the second) → whole ms; '' is no bound; anything else is not taken (undefined). */
function parse(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d{1,6}([.,]\d{1,4})?$/.test(t)) return undefined;
  return Math.round(Number(t.replace(',', '.')) * MINUTE_MS);
}
