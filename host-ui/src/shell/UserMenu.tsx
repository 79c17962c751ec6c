import { useCallback, useRef, useState } from 'react';
import { useHost } from '@cassette/plugin-sdk/ui';
import { Link } from 'react-router-dom';
import { settingsPath } from '../routing/routes.js';
import { useDismiss } from './useDismiss.js';

export function firstName(name: string | null | undefined, email = ''): string {
  const first = (name ?? '').trim().split(/\s+/)[0];
  return first || email.split('@')[0] || '';
}

export function roleLabel(account: { superAdmin: boolean; admin: boolean; roleName?: string | null }): string {
  if (account.superAdmin) return 'Owner';
  if (account.admin) return 'Admin';
  return account.roleName || 'Member';
}

/** The first name, opening a menu with the account and Logout. */
export function UserMenu() {
  const { account, logout } = useHost();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  const name = firstName(account.name, account.email);

  return (
    <div className="cs-user-menu" ref={ref}>
      <button type="button" className="cs-user-menu__button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span className="cs-avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="cs-user-menu__name">{name}</span>
      </button>
      {open && (
        <div className="cs-dropdown cs-user-menu__menu" role="menu" aria-label="Account">
          <div className="cs-user-menu__header">
            <div className="cs-user-menu__full-name">{account.name}</div>
            <div className="cs-muted">{account.email}</div>
            <span className="cs-badge">{roleLabel(account)}</span>
          </div>
          <Link role="menuitem" to={settingsPath('account')} className="cs-dropdown__item" onClick={close}>
            Account settings
          </Link>
          <div className="cs-dropdown__footer">
            <button
              type="button"
              role="menuitem"
              className="cs-btn cs-btn--secondary cs-btn--small cs-btn--block"
              disabled={leaving}
              onClick={async () => {
                setLeaving(true);
                await logout();
              }}
            >
              Logout
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
