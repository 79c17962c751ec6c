// Issue types as funnels show them (spec part 1 §3 "Issue types and icons": the issue list names).
import type { IssueType } from '@cassette/plugin-sessions/api';

/**
 * Every issue type the sessions plugin raises, in the spec's list order, then the types the
 * list does not name (with the session search's names). Custom issues are not shown.
 */
export const ISSUE_NAMES: Record<IssueType, { name: string; visible: boolean }> = {
  js_exception: { name: 'Errors', visible: true },
  bad_request: { name: 'Bad Requests', visible: true },
  missing_resource: { name: 'Missing Images', visible: true },
  click_rage: { name: 'Click Rage', visible: true },
  dead_click: { name: 'Dead Clicks', visible: true },
  memory: { name: 'High Memory', visible: true },
  cpu: { name: 'High CPU', visible: true },
  crash: { name: 'Crashes', visible: true },
  custom: { name: 'Custom', visible: false },
  excessive_scrolling: { name: 'Excessive Scrolling', visible: true },
  slow_resource: { name: 'Slow Resources', visible: true },
  slow_page_load: { name: 'Slow Page Load', visible: true },
};

/** The list name of an issue type; an unknown type shows as it is. */
export function issueName(type: string): string {
  return (ISSUE_NAMES as Record<string, { name: string } | undefined>)[type]?.name ?? type;
}

/** 'Click Rage on "Pay now"'; just the name when the issue has no context ('NA'). */
export function issueTitle(type: string, contextString: string): string {
  return contextString && contextString !== 'NA' ? `${issueName(type)} on "${contextString}"` : issueName(type);
}
