import { useCallback, useRef, useState } from 'react';
import { useHost, useDismiss } from '@cassette/plugin-sdk/ui';
import { Link } from 'react-router-dom';
import { settingsPath } from '../routing/routes.js';
import { firstName, roleLabel } from './account-rules.js';

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
      <button type="button" className="cs-user-menu__button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span className="cs-avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="cs-user-menu__name">{name}</span>
      </button>
      {open && (
        <div className="cs-dropdown cs-user-menu__menu" role="group" aria-label="Account">
          <div className="cs-user-menu__header">
            <div className="cs-user-menu__full-name">{account.name}</div>
            <div className="cs-muted">{account.email}</div>
            <span className="cs-badge">{roleLabel(account)}</span>
          </div>
          <Link to={settingsPath('account')} className="cs-dropdown__item" onClick={close}>
            Account settings
          </Link>
          <div className="cs-dropdown__footer">
            <button
              type="button"
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
