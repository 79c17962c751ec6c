import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { linkTarget } from './link-target.js';

export interface AppLinkProps {
  href: string | undefined;
  className?: string;
  children: ReactNode;
  /** Called on a click, before the browser follows the link (mark viewed, close the panel). */
  onFollow?(kind: 'app' | 'external'): void;
}

/** In-app paths navigate with the router; other sites open in a new tab; unsafe links render nothing. */
export function AppLink({ href, className, children, onFollow }: AppLinkProps) {
  const target = linkTarget(href);
  if (!target) return null;
  if (target.kind === 'app') {
    return (
      <Link to={target.to} className={className} onClick={() => onFollow?.('app')}>
        {children}
      </Link>
    );
  }
  return (
    <a href={target.href} className={className} target="_blank" rel="noopener noreferrer" onClick={() => onFollow?.('external')}>
      {children}
    </a>
  );
}
