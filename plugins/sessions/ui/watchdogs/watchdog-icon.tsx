import type { ReactNode } from 'react';
import type { WatchdogIcon as WatchdogIconName } from '../../shared/watchdogs.js';

/** The watchdog icons, on the 16×16 grid of the built-in issue icons (common/issue-icons.tsx), drawn with the current colour. */
const SHAPES: Record<WatchdogIconName, ReactNode> = {
  bell: (
    <>
      <path d="M4 11V7a4 4 0 018 0v4l1.5 1.5h-11z" />
      <path d="M6.5 14h3" />
    </>
  ),
  bug: (
    <>
      <rect x="5" y="4.5" width="6" height="9" rx="3" />
      <path d="M6 4.5l-1-2M10 4.5l1-2M5 8H2.5M11 8h2.5M5 11.5l-2 1.5M11 11.5l2 1.5" />
    </>
  ),
  flag: <path d="M3.5 14.5V2M3.5 2.5h9l-2 3 2 3h-9" />,
  fire: <path d="M8 14.5c-2.8 0-4.5-1.8-4.5-4.2 0-2.6 2.5-3.8 2.5-6.8 2 1 3 2.6 3 4.3.6-.5 1-1.3 1-2.3 1.6 1.4 2.5 3 2.5 4.8 0 2.4-1.7 4.2-4.5 4.2z" />,
  eye: (
    <>
      <path d="M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8z" />
      <circle cx="8" cy="8" r="2" />
    </>
  ),
  bolt: <path d="M9 1.5L3.5 9H8l-1 5.5L12.5 7H8z" />,
  cart: (
    <>
      <path d="M1.5 2.5h2l1.8 8h7.2l1.5-5.5H4.2" />
      <circle cx="6" cy="13.5" r="1" />
      <circle cx="11.5" cy="13.5" r="1" />
    </>
  ),
  star: <path d="M8 1.8l1.9 4 4.3.5-3.2 3 .9 4.3L8 11.4l-3.9 2.2.9-4.3-3.2-3 4.3-.5z" />,
};

export function WatchdogIcon({ icon, size = 16, title }: { icon: WatchdogIconName; size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.4}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="cs-issue-icon cs-issue-icon--watchdog"
      data-watchdog-icon={icon}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      {SHAPES[icon] ?? SHAPES.bell}
    </svg>
  );
}
