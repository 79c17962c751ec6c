import type { ReactNode } from 'react';

export interface TopBarButtonProps {
  label: string;
  icon: ReactNode;
  /** Unviewed items; no badge at 0. */
  badge: number;
  onClick(): void;
}

/** A top-bar icon button with a count badge (the SDK kit has none yet). */
export function TopBarButton({ label, icon, badge, onClick }: TopBarButtonProps) {
  return (
    <button
      type="button"
      className="cs-icon-btn cs-notifications-bell"
      title={label}
      aria-label={badge > 0 ? `${label}, ${badge} new` : label}
      aria-haspopup="dialog"
      onClick={onClick}
    >
      {icon}
      {badge > 0 && (
        <span className="cs-notifications-bell__badge" aria-hidden="true">
          {badge > 99 ? '99+' : badge}
        </span>
      )}
    </button>
  );
}
