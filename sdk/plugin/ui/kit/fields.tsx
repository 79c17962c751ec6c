import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldChrome {
  label?: ReactNode;
  /** Helper text under the field. */
  hint?: ReactNode;
  /** Error text under the field; marks the field invalid. */
  error?: ReactNode;
}

function Field({ id, label, hint, error, required, children }: FieldChrome & { id: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={['cs-field', error ? 'cs-field--invalid' : ''].filter(Boolean).join(' ')}>
      {label !== undefined && (
        <label className="cs-field__label" htmlFor={id}>
          {label}
          {required && <span className="cs-field__required" aria-hidden="true"> *</span>}
        </label>
      )}
      {children}
      {error ? (
        <div className="cs-field__error" id={`${id}-error`} role="alert">
          {error}
        </div>
      ) : hint ? (
        <div className="cs-field__hint" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}

function describedBy(id: string, { hint, error }: FieldChrome): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement>, FieldChrome {}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ label, hint, error, id, className, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <Field id={inputId} label={label} hint={hint} error={error} required={rest.required}>
      <input
        ref={ref}
        id={inputId}
        className={['cs-input', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { hint, error })}
        {...rest}
      />
    </Field>
  );
});

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldChrome {}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ label, hint, error, id, className, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <Field id={inputId} label={label} hint={hint} error={error} required={rest.required}>
      <textarea
        ref={ref}
        id={inputId}
        className={['cs-input', 'cs-textarea', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { hint, error })}
        {...rest}
      />
    </Field>
  );
});

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldChrome {
  options: SelectOption[];
  /** An empty first option, e.g. 'Select a role'. */
  placeholder?: string;
}

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, hint, error, id, className, options, placeholder, ...rest },
  ref,
) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <Field id={selectId} label={label} hint={hint} error={error} required={rest.required}>
      <select
        ref={ref}
        id={selectId}
        className={['cs-input', 'cs-select', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, { hint, error })}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
});

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Renders as a switch (role="switch"). */
  toggle?: boolean;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, hint, id, className, toggle, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={['cs-check', toggle ? 'cs-check--toggle' : '', className].filter(Boolean).join(' ')}>
      <input ref={ref} id={inputId} type="checkbox" role={toggle ? 'switch' : undefined} aria-describedby={hint ? `${inputId}-hint` : undefined} {...rest} />
      <label htmlFor={inputId}>{label}</label>
      {hint && (
        <div className="cs-field__hint" id={`${inputId}-hint`}>
          {hint}
        </div>
      )}
    </div>
  );
});
