import type { ReactNode } from 'react';
import { InboxIcon } from './icons.js';

export const NO_CONTENT_TEXT = 'No data available.';

export interface NoContentProps {
  title?: ReactNode;
  subtext?: ReactNode;
  icon?: ReactNode;
  /** Actions under the text (a button, a link). */
  children?: ReactNode;
  size?: 'small' | 'large';
}

export function NoContent({ title = NO_CONTENT_TEXT, subtext, icon, children, size = 'large' }: NoContentProps) {
  return (
    <div className={`cs-no-content cs-no-content--${size}`}>
      <div className="cs-no-content__icon">{icon ?? <InboxIcon size={size === 'large' ? 40 : 24} />}</div>
      <div className="cs-no-content__title">{title}</div>
      {subtext && <div className="cs-no-content__subtext">{subtext}</div>}
      {children && <div className="cs-no-content__actions">{children}</div>}
    </div>
  );
}
