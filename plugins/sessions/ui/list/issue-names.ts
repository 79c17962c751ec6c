import type { IssueType } from '../../shared/issue-types.js';

/** The list names of spec part 2 §3 "Issue types list", plus the detected types it leaves unnamed. */
export const ISSUE_LIST_NAMES: Record<IssueType, string> = {
  js_exception: 'Errors',
  bad_request: 'Bad Requests',
  missing_resource: 'Missing Images',
  click_rage: 'Click Rage',
  dead_click: 'Dead Clicks',
  memory: 'High Memory',
  cpu: 'High CPU',
  crash: 'Crashes',
  excessive_scrolling: 'Excessive Scrolling',
  slow_resource: 'Slow Resources',
  slow_page_load: 'Slow Page Load',
  custom: 'Custom',
};

/** One tab each, in the spec's order; custom issues are not visible (spec part 2 §3). */
export const VISIBLE_ISSUE_TYPES: readonly IssueType[] = [
  'js_exception',
  'bad_request',
  'missing_resource',
  'click_rage',
  'dead_click',
  'memory',
  'cpu',
  'crash',
  'excessive_scrolling',
  'slow_resource',
  'slow_page_load',
];

export function issueListName(type: string): string {
  return ISSUE_LIST_NAMES[type as IssueType] ?? type;
}
