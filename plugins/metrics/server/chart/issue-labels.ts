/** Spec part 1 §3 "Issue types": the names the issues list gives each type (custom is not visible). */
export const ISSUE_LABELS: Readonly<Record<string, string>> = {
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
  custom_event_error: 'Custom Event Errors',
  custom: 'Custom',
};
