const LABELS = { red: 'Not recording', yellow: 'Recording issues', green: 'Recording' } as const;

/** Project status (green means recording); decorative for assistive tech, with a tooltip. */
export function StatusDot({ status }: { status: 'red' | 'yellow' | 'green' }) {
  return <span className={`cs-status-dot cs-status-dot--${status}`} aria-hidden="true" title={LABELS[status] ?? status} data-status={status} />;
}
