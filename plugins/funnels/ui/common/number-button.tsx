import { formatCount } from './format.js';

export interface NumberButtonProps {
  value: number;
  /** Shown after the number ("sessions"). */
  unit?: string;
  /** What clicking shows, for screen readers and the tooltip; without `onShow` the number is plain text. */
  label: string;
  onShow?(): void;
  field: string;
}

/** A figure that opens the sessions behind it. */
export function NumberButton({ value, unit, label, onShow, field }: NumberButtonProps) {
  const text = (
    <>
      <strong>{formatCount(value)}</strong>
      {unit ? ` ${unit}` : ''}
    </>
  );
  if (!onShow)
    return (
      <span className="cs-funnel-number" data-field={field}>
        {text}
      </span>
    );
  return (
    <button type="button" className="cs-funnel-number cs-funnel-number--link" data-field={field} title={label} aria-label={`${formatCount(value)}${unit ? ` ${unit}` : ''}: ${label}`} onClick={onShow}>
      {text}
    </button>
  );
}
