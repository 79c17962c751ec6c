const LABELS = { red: 'Not recording', yellow: 'Recording issues', green: 'Recording' } as const;

/** Project status: green means recording. */
export function StatusDot({ status }: { status: 'red' | 'yellow' | 'green' }) {
  return <span className={`cs-status-dot cs-status-dot--${status}`} role="img" aria-label={LABELS[status] ?? status} title={LABELS[status] ?? status} />;
}
