export interface SpinnerProps {
  size?: 'small' | 'medium' | 'large';
  /** Accessible text; the spinner is decorative when `label` is empty. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'medium', label = 'Loading', className }: SpinnerProps) {
  return (
    <span
      className={['cs-spinner', `cs-spinner--${size}`, className].filter(Boolean).join(' ')}
      role={label ? 'status' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** A centred spinner filling its container, for pages and panels that are loading. */
export function Loader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="cs-loader">
      <Spinner size="large" label={label} />
    </div>
  );
}
