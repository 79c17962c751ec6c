import type { ReactNode } from 'react';
import { Logo } from '../shell/logo.js';

/** The centred card the logged-out screens share. */
export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="cs-auth">
      <div className="cs-auth__card cs-card">
        <div className="cs-auth__logo">
          <Logo />
        </div>
        <h1 className="cs-auth__title">{title}</h1>
        {subtitle && <p className="cs-auth__subtitle">{subtitle}</p>}
        {children}
      </div>
      {footer && <div className="cs-auth__footer">{footer}</div>}
    </div>
  );
}
