/** Issue types (spec part 1 §3 "Issue types and icons"); detection rules in server/issues/thresholds.ts. */
export const ISSUE_TYPES = [
  'click_rage',
  'dead_click',
  'excessive_scrolling',
  'bad_request',
  'missing_resource',
  'memory',
  'cpu',
  'slow_resource',
  'slow_page_load',
  'crash',
  'custom',
  'custom_event_error',
  'js_exception',
] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
