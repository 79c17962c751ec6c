import type { ReactNode } from 'react';
import type { IssueType } from '../../shared/issue-types.js';

/** Shapes drawn on a 16×16 grid with the current colour; one per issue type so lists stay scannable. */
const SHAPES: Record<IssueType, ReactNode> = {
  click_rage: (
    <>
      <path d="M6 6l7 3-3 1-1 3z" fill="currentColor" stroke="none" />
      <path d="M3 1.5v2M1.5 3h2M5.5 2l-.8 1.4M2 5.5l1.4-.8" />
    </>
  ),
  dead_click: (
    <>
      <path d="M5 5l7 3-3 1-1 3z" />
      <path d="M2 14L14 2" />
    </>
  ),
  excessive_scrolling: (
    <>
      <rect x="5" y="1.5" width="6" height="13" rx="3" />
      <path d="M8 4v3M6.5 10.5L8 12l1.5-1.5" />
    </>
  ),
  bad_request: (
    <>
      <path d="M2 5h9l-2.5-2.5M14 11H5l2.5 2.5" />
      <path d="M12 8.5l2 2M14 8.5l-2 2" />
    </>
  ),
  missing_resource: (
    <>
      <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" />
      <path d="M4 11l3-3 2 2 1.5-1.5L13 11M10.5 5.5h.01" />
      <path d="M2 14L14 2" />
    </>
  ),
  memory: (
    <>
      <rect x="2.5" y="4" width="11" height="8" rx="1" />
      <path d="M5 4V2M8 4V2M11 4V2M5 14v-2M8 14v-2M11 14v-2M5 7h6v2H5z" />
    </>
  ),
  cpu: (
    <>
      <rect x="4" y="4" width="8" height="8" rx="1" />
      <path d="M6.5 6.5h3v3h-3zM6 2v2M10 2v2M6 12v2M10 12v2M2 6h2M2 10h2M12 6h2M12 10h2" />
    </>
  ),
  slow_resource: (
    <>
      <circle cx="8" cy="8" r="6.5" />
      <path d="M8 4.5V8l2.5 1.5" />
    </>
  ),
  slow_page_load: (
    <>
      <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" />
      <path d="M1.5 5.5h13M8 8v2.5l1.5 1" />
    </>
  ),
  crash: (
    <>
      <path d="M8 1.5L14.5 13.5h-13z" />
      <path d="M8 6v3.5M8 11.5h.01" />
    </>
  ),
  custom: (
    <>
      <path d="M8 1.5l1.9 4 4.4.5-3.3 3 .9 4.4L8 11.2l-3.9 2.2.9-4.4-3.3-3 4.4-.5z" />
    </>
  ),
  // A custom event's flag with a cross: the site's own event reported a failure.
  custom_event_error: (
    <>
      <path d="M2.5 14.5v-13M2.5 2h8l-1.5 2.5 1.5 2.5h-8" />
      <path d="M10 10l4 4M14 10l-4 4" />
    </>
  ),
  js_exception: (
    <>
      <circle cx="8" cy="8" r="6.5" />
      <path d="M8 4.5v4.2M8 11h.01" />
    </>
  ),
};

export interface IssueIconProps {
  type: IssueType;
  size?: number;
  /** Read out by screen readers when the icon stands alone; decorative otherwise. */
  title?: string;
}

export function IssueIcon({ type, size = 16, title }: IssueIconProps) {
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
      className={`cs-issue-icon cs-issue-icon--${type}`}
      data-issue-type={type}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      {SHAPES[type] ?? SHAPES.custom}
    </svg>
  );
}
