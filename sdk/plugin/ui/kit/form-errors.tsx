import { InfoIcon } from './icons.js';

/** The API's error list under a form, each line with a red info icon. */
export function FormErrors({ errors, className }: { errors: readonly string[] | null | undefined; className?: string }) {
  if (!errors || errors.length === 0) return null;
  return (
    <ul className={['cs-form-errors', className].filter(Boolean).join(' ')} role="alert">
      {errors.map((error, i) => (
        <li key={`${i}-${error}`} className="cs-form-errors__item">
          <InfoIcon className="cs-form-errors__icon" size={16} />
          <span>{error}</span>
        </li>
      ))}
    </ul>
  );
}
