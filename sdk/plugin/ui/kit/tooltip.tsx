import { cloneElement, isValidElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import './tooltip.css';

/** Spec: a tooltip shows after the pointer rests 500 ms. */
export const TOOLTIP_DELAY_MS = 500;

export interface TooltipProps {
  content: ReactNode;
  /** The element the tooltip describes (it gets `aria-describedby` while the tooltip shows). */
  children: ReactNode;
  delayMs?: number;
  placement?: 'top' | 'bottom';
}

/** Shows `content` after the pointer or keyboard focus rests on `children` for 500 ms; leaving or Escape hides it at once. */
export function Tooltip({ content, children, delayMs = TOOLTIP_DELAY_MS, placement = 'top' }: TooltipProps) {
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const id = useId();

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const show = () => {
    cancel();
    timer.current = setTimeout(() => setShown(true), delayMs);
  };
  const hide = () => {
    cancel();
    setShown(false);
  };
  useEffect(() => cancel, []);

  const described = shown && isValidElement(children) ? cloneElement(children as ReactElement<{ 'aria-describedby'?: string }>, { 'aria-describedby': id }) : children;
  return (
    <span
      className="cs-tooltip-anchor"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && shown) hide();
      }}
    >
      {described}
      {shown && (
        <span role="tooltip" id={id} className={`cs-tooltip cs-tooltip--${placement}`}>
          {content}
        </span>
      )}
    </span>
  );
}
