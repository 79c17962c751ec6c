/** Drawn rather than emoji, which not every system's fonts have. */
export function DeviceIcon({ deviceType }: { deviceType: string }) {
  const shape =
    deviceType === 'mobile' ? (
      <>
        <rect x="4.5" y="1.5" width="7" height="13" rx="1.5" />
        <path d="M7 12.5h2" />
      </>
    ) : deviceType === 'tablet' ? (
      <>
        <rect x="2.5" y="1.5" width="11" height="13" rx="1.5" />
        <path d="M7 12.5h2" />
      </>
    ) : (
      <>
        <rect x="1.5" y="2.5" width="13" height="9" rx="1" />
        <path d="M5.5 14.5h5M8 11.5v3" />
      </>
    );
  return (
    <svg className="cs-device-icon" width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={1.4} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {shape}
    </svg>
  );
}
