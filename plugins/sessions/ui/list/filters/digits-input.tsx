import { forwardRef, useEffect, useState, type InputHTMLAttributes } from 'react';

export interface DigitsInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  value: number | null;
  onChange(value: number | null): void;
}

/** Keeps digits only and drops leading zeros (spec part 1 §5: digits only, non-zero, no decimals). */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '').replace(/^0+/, '');
}

/** A whole, positive number; empty means none. */
export const DigitsInput = forwardRef<HTMLInputElement, DigitsInputProps>(function DigitsInput({ value, onChange, className, ...rest }, ref) {
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => {
    setText((current) => (current === (value === null ? '' : String(value)) ? current : value === null ? '' : String(value)));
  }, [value]);
  return (
    <input
      ref={ref}
      className={['cs-input', 'cs-filter-number', className].filter(Boolean).join(' ')}
      inputMode="numeric"
      autoComplete="off"
      value={text}
      onChange={(e) => {
        const digits = digitsOnly(e.target.value).slice(0, 12);
        setText(digits);
        onChange(digits === '' ? null : Number(digits));
      }}
      {...rest}
    />
  );
});
