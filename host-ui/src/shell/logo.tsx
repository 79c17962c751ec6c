/** The product logo with its version label. */
export function Logo({ withVersion = false }: { withVersion?: boolean }) {
  return (
    <span className="cs-logo">
      <svg className="cs-logo__mark" width="26" height="26" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="2" y="6" width="28" height="20" rx="4" fill="currentColor" />
        <circle cx="11" cy="16" r="4" className="cs-logo__hole" />
        <circle cx="21" cy="16" r="4" className="cs-logo__hole" />
        <rect x="11" y="14.5" width="10" height="3" className="cs-logo__hole" />
      </svg>
      <span className="cs-logo__name">Cassette</span>
      {withVersion && <span className="cs-logo__version">v{__APP_VERSION__}</span>}
    </span>
  );
}
