/**
 * The session search's filter keys and operators (spec part 1 §3 "Filter entry", "Filter
 * keys", "Operators"; part 2 §9 operators). One table serves the server's filter compiler
 * (what a key reads, which operators it accepts) and the filter UI (labels, categories,
 * value inputs), so the two never disagree. Pure data: no server or browser imports.
 */

export const FILTER_CATEGORIES = ['Interactions', 'Javascript', 'User', 'Gear', 'Recording Attributes', 'Performance', 'Metadata'] as const;
export type FilterCategory = (typeof FILTER_CATEGORIES)[number];

/** Operators on text (and option) values. Several names mean the same; see TEXT_OPERATOR_MEANING. */
export const TEXT_OPERATORS = [
  'is',
  'isNot',
  'contains',
  'doesNotContain',
  'notContains',
  'startsWith',
  'endsWith',
  'isAny',
  'onAny',
  'onAnything',
  'hasAnyValue',
  'hasNoValue',
  'isUndefined',
  'on',
  'notOn',
  'onText',
  'onSelector',
  'onComponent',
] as const;
export type TextOperator = (typeof TEXT_OPERATORS)[number];

/**
 * What a text operator does. Positive meanings match when any value matches; negative ones
 * (`notEquals`, `notContains`) match when no value does. `any` / `none` ignore the values.
 * `selector` / `selectorContains` read a click's or input's CSS selector instead of its label.
 */
export type TextOperatorMeaning = 'equals' | 'notEquals' | 'contains' | 'notContains' | 'startsWith' | 'endsWith' | 'any' | 'none' | 'selector' | 'selectorContains';
export const TEXT_OPERATOR_MEANING: Record<TextOperator, TextOperatorMeaning> = {
  is: 'equals',
  on: 'equals',
  onText: 'equals',
  isNot: 'notEquals',
  notOn: 'notEquals',
  contains: 'contains',
  doesNotContain: 'notContains',
  notContains: 'notContains',
  startsWith: 'startsWith',
  endsWith: 'endsWith',
  isAny: 'any',
  onAny: 'any',
  onAnything: 'any',
  hasAnyValue: 'any',
  hasNoValue: 'none',
  isUndefined: 'none',
  onSelector: 'selector',
  onComponent: 'selectorContains',
};

/** Numeric comparisons: the spec's custom operators (=, <, >, <=, >=) and their named forms. */
export const NUMBER_OPERATORS = ['=', '!=', '<', '>', '<=', '>=', 'equal', 'notEqual', 'greaterThan', 'lessThan', 'above', 'aboveOrEqual', 'below', 'belowOrEqual'] as const;
export type NumberOperator = (typeof NUMBER_OPERATORS)[number];
export const NUMBER_OPERATOR_SQL: Record<NumberOperator, '=' | '<>' | '<' | '>' | '<=' | '>='> = {
  '=': '=',
  '!=': '<>',
  '<': '<',
  '>': '>',
  '<=': '<=',
  '>=': '>=',
  equal: '=',
  notEqual: '<>',
  greaterThan: '>',
  lessThan: '<',
  above: '>',
  aboveOrEqual: '>=',
  below: '<',
  belowOrEqual: '<=',
};

/**
 * Operators on dates and times (spec part 2 §9): `before` and `after` take one date or time
 * (ISO 8601, e.g. 2026-11-02 or 2026-11-02T08:30:00Z, or epoch milliseconds); `withinLast` takes a
 * span back from now (a whole number followed by s, m, h, d or w: 30m, 24h, 7d). They apply to
 * values that hold dates: the project's metadata keys (a sign-up date, a plan's renewal).
 */
export const DATE_OPERATORS = ['before', 'after', 'withinLast'] as const;
export type DateOperator = (typeof DATE_OPERATORS)[number];

export function isDateOperator(operator: string): operator is DateOperator {
  return (DATE_OPERATORS as readonly string[]).includes(operator);
}

/** Operator labels the filter UI shows. */
export const OPERATOR_LABELS: Record<TextOperator | NumberOperator | DateOperator, string> = {
  before: 'before',
  after: 'after',
  withinLast: 'within last',
  is: 'is',
  isNot: 'is not',
  contains: 'contains',
  doesNotContain: 'does not contain',
  notContains: 'does not contain',
  startsWith: 'starts with',
  endsWith: 'ends with',
  isAny: 'is any',
  onAny: 'on any',
  onAnything: 'on anything',
  hasAnyValue: 'has any value',
  hasNoValue: 'has no value',
  isUndefined: 'is undefined',
  on: 'on',
  notOn: 'not on',
  onText: 'on text',
  onSelector: 'on selector',
  onComponent: 'on component',
  '=': '=',
  '!=': '≠',
  '<': '<',
  '>': '>',
  '<=': '≤',
  '>=': '≥',
  equal: 'equal to',
  notEqual: 'not equal to',
  greaterThan: 'greater than',
  lessThan: 'less than',
  above: 'above',
  aboveOrEqual: 'above or equal to',
  below: 'below',
  belowOrEqual: 'below or equal to',
};

/**
 * What `value` of a filter item holds:
 * - `text`: strings, matched with a text operator;
 * - `options`: strings from `options` (platform, issue type), matched with is / isNot / isAny;
 * - `number`: numbers, matched with a number operator (status code, duration of a request);
 * - `durationRange`: [min, max] in milliseconds, either may be null (session duration);
 * - `none`: nothing (the key's `source` carries the threshold).
 */
export type FilterValueKind = 'text' | 'options' | 'number' | 'durationRange' | 'none';

/** Which suggestion route fills the value's autocomplete (spec part 1 §7 Filters). */
export type SuggestionSource = 'events' | 'sessionFilters' | 'selectors' | 'values' | 'countries' | null;

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterKeyDef {
  key: string;
  label: string;
  category: FilterCategory;
  /** Event keys take part in the event sequence (eventsOrder); the others are session attributes. */
  isEvent: boolean;
  valueKind: FilterValueKind;
  operators: readonly (TextOperator | NumberOperator | DateOperator)[];
  defaultOperator: TextOperator | NumberOperator;
  options?: readonly FilterOption[];
  suggest: SuggestionSource;
  placeholder?: string;
  /**
   * Performance keys: a numeric threshold in `source` (one number) compared with
   * `sourceOperator`; `unit` is what the number means.
   */
  source?: { unit: 'ms' | '%' | 'MB'; operators: readonly NumberOperator[]; defaultOperator: NumberOperator };
  /** Keys of the sub-filters an item of this key may carry in `filters` (FETCH, GRAPHQL). */
  subFilters?: readonly string[];
  /**
   * The key reads what the player keeps for Developer Tools (network requests and their bodies
   * and headers, GraphQL calls, state actions, console, CPU and memory samples): searching by it
   * needs the DEV_TOOLS permission, or its values could be read back one guess at a time.
   */
  needsDevTools: boolean;
}

const TEXT_VALUE_OPERATORS = ['is', 'isNot', 'contains', 'notContains', 'startsWith', 'endsWith', 'isAny', 'hasNoValue'] as const;
const EVENT_TEXT_OPERATORS = ['is', 'isNot', 'contains', 'notContains', 'startsWith', 'endsWith', 'isAny'] as const;
const CLICK_OPERATORS = ['on', 'notOn', 'onAny', 'onText', 'onSelector', 'onComponent', 'contains', 'notContains', 'startsWith', 'endsWith'] as const;
const OPTION_OPERATORS = ['is', 'isNot', 'isAny'] as const;
const COMPARISONS = ['=', '!=', '<', '>', '<=', '>='] as const;
const THRESHOLD_OPERATORS = ['>', '>=', '<', '<=', '='] as const;

export const PLATFORM_OPTIONS: readonly FilterOption[] = [
  { value: 'desktop', label: 'Desktop' },
  { value: 'mobile', label: 'Mobile' },
  { value: 'tablet', label: 'Tablet' },
];

/**
 * The issue filter's options: part 2 §9's "Issue options", with its labels and in its order
 * (Custom included). The sessions list's tabs keep part 1 §3's list names (Errors, Missing Images...).
 */
export const ISSUE_FILTER_OPTIONS: readonly FilterOption[] = [
  { value: 'click_rage', label: 'Click Rage' },
  { value: 'dead_click', label: 'Dead Click' },
  { value: 'excessive_scrolling', label: 'Excessive Scrolling' },
  { value: 'bad_request', label: 'Bad Request' },
  { value: 'missing_resource', label: 'Missing Resource' },
  { value: 'memory', label: 'Memory' },
  { value: 'cpu', label: 'CPU' },
  { value: 'slow_resource', label: 'Slow Resource' },
  { value: 'slow_page_load', label: 'Slow Page Load' },
  { value: 'crash', label: 'Crash' },
  { value: 'custom', label: 'Custom' },
  { value: 'js_exception', label: 'Error' },
];

const event = (key: string, label: string, category: FilterCategory, rest: Partial<FilterKeyDef> = {}): FilterKeyDef => ({
  key,
  label,
  category,
  isEvent: true,
  valueKind: 'text',
  operators: EVENT_TEXT_OPERATORS,
  defaultOperator: 'is',
  suggest: 'events',
  needsDevTools: false,
  ...rest,
});
const attribute = (key: string, label: string, category: FilterCategory, rest: Partial<FilterKeyDef> = {}): FilterKeyDef => ({
  key,
  label,
  category,
  isEvent: false,
  valueKind: 'text',
  operators: TEXT_VALUE_OPERATORS,
  defaultOperator: 'is',
  suggest: 'sessionFilters',
  needsDevTools: false,
  ...rest,
});
const threshold = (unit: 'ms' | '%' | 'MB') => ({ unit, operators: THRESHOLD_OPERATORS, defaultOperator: '>=' as const });
/** Network, GraphQL and state-action data: Developer Tools (see FilterKeyDef.needsDevTools). */
const devToolsEvent = (key: string, label: string, category: FilterCategory, rest: Partial<FilterKeyDef> = {}): FilterKeyDef => event(key, label, category, { ...rest, needsDevTools: true });

/** Sub-filters of a network request (FETCH) and a GraphQL call (GRAPHQL). */
export const SUB_FILTER_KEYS: readonly FilterKeyDef[] = [
  devToolsEvent('FETCH_URL', 'URL', 'Javascript', { placeholder: 'Enter path or URL' }),
  devToolsEvent('FETCH_STATUS_CODE', 'Status Code', 'Javascript', { valueKind: 'number', operators: COMPARISONS, defaultOperator: '=', suggest: null, placeholder: 'Enter status code' }),
  devToolsEvent('FETCH_METHOD', 'Method', 'Javascript', {
    valueKind: 'options',
    operators: OPTION_OPERATORS,
    // Every method of spec part 2 §9, in its order.
    options: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT'].map((m) => ({ value: m, label: m })),
    suggest: null,
  }),
  devToolsEvent('FETCH_DURATION', 'Duration (ms)', 'Javascript', { valueKind: 'number', operators: COMPARISONS, defaultOperator: '>=', suggest: null, placeholder: 'Enter duration in ms' }),
  devToolsEvent('FETCH_REQUEST_BODY', 'Request Body', 'Javascript', { operators: TEXT_VALUE_OPERATORS, defaultOperator: 'contains', suggest: null }),
  devToolsEvent('FETCH_RESPONSE_BODY', 'Response Body', 'Javascript', { operators: TEXT_VALUE_OPERATORS, defaultOperator: 'contains', suggest: null }),
  devToolsEvent('GRAPHQL_NAME', 'Name', 'Javascript'),
  devToolsEvent('GRAPHQL_METHOD', 'Method', 'Javascript', {
    valueKind: 'options',
    operators: OPTION_OPERATORS,
    options: ['query', 'mutation', 'subscription'].map((m) => ({ value: m, label: m })),
    suggest: null,
  }),
  devToolsEvent('GRAPHQL_REQUEST_BODY', 'Request Body', 'Javascript', { operators: TEXT_VALUE_OPERATORS, defaultOperator: 'contains', suggest: null }),
  devToolsEvent('GRAPHQL_RESPONSE_BODY', 'Response Body', 'Javascript', { operators: TEXT_VALUE_OPERATORS, defaultOperator: 'contains', suggest: null }),
];

/** Every top-level filter key, in the order the filter picker lists them. */
export const FILTER_KEYS: readonly FilterKeyDef[] = [
  event('CLICK', 'Click', 'Interactions', { operators: CLICK_OPERATORS, defaultOperator: 'on', placeholder: 'E.g. Buy Now' }),
  event('INPUT', 'Input', 'Interactions', { placeholder: 'E.g. Email' }),
  event('LOCATION', 'Visited URL', 'Interactions', { placeholder: 'E.g. /checkout' }),
  event('CUSTOM', 'Custom Events', 'Interactions'),
  devToolsEvent('FETCH', 'Network Request', 'Javascript', {
    valueKind: 'none',
    operators: ['isAny'],
    defaultOperator: 'isAny',
    suggest: null,
    subFilters: ['FETCH_URL', 'FETCH_STATUS_CODE', 'FETCH_METHOD', 'FETCH_DURATION', 'FETCH_REQUEST_BODY', 'FETCH_RESPONSE_BODY'],
  }),
  devToolsEvent('GRAPHQL', 'GraphQL', 'Javascript', {
    valueKind: 'none',
    operators: ['isAny'],
    defaultOperator: 'isAny',
    suggest: null,
    subFilters: ['GRAPHQL_NAME', 'GRAPHQL_METHOD', 'GRAPHQL_REQUEST_BODY', 'GRAPHQL_RESPONSE_BODY'],
  }),
  devToolsEvent('STATEACTION', 'State Action', 'Javascript'),
  event('ERROR', 'Error Message', 'Javascript', { operators: EVENT_TEXT_OPERATORS, defaultOperator: 'contains', suggest: 'values' }),
  attribute('USEROS', 'User OS', 'Gear'),
  attribute('USERBROWSER', 'User Browser', 'Gear'),
  attribute('USERDEVICE', 'User Device', 'Gear'),
  attribute('PLATFORM', 'Platform', 'Gear', { valueKind: 'options', operators: OPTION_OPERATORS, options: PLATFORM_OPTIONS, suggest: null }),
  attribute('REVID', 'Version ID', 'Gear'),
  attribute('REFERRER', 'Referrer', 'Recording Attributes'),
  attribute('DURATION', 'Duration', 'Recording Attributes', { valueKind: 'durationRange', operators: ['is'], defaultOperator: 'is', suggest: null }),
  attribute('ISSUE', 'Issue', 'Recording Attributes', { valueKind: 'options', operators: ['is', 'isNot', 'isAny', 'on', 'notOn'], options: ISSUE_FILTER_OPTIONS, suggest: null }),
  attribute('USERCOUNTRY', 'User Country', 'User', { operators: ['is', 'isNot', 'isAny', 'hasNoValue'], suggest: 'countries' }),
  attribute('USERID', 'User Id', 'User'),
  attribute('USERANONYMOUSID', 'User AnonymousId', 'User'),
  event('DOM_COMPLETE', 'DOM Complete', 'Performance', { defaultOperator: 'isAny', source: threshold('ms'), placeholder: 'Page path (any when empty)' }),
  event('LARGEST_CONTENTFUL_PAINT_TIME', 'Largest Contentful Paint', 'Performance', { defaultOperator: 'isAny', source: threshold('ms'), placeholder: 'Page path (any when empty)' }),
  event('TTFB', 'Time to First Byte', 'Performance', { defaultOperator: 'isAny', source: threshold('ms'), placeholder: 'Page path (any when empty)' }),
  attribute('AVG_CPU_LOAD', 'Avg CPU Load', 'Performance', { needsDevTools: true, valueKind: 'none', operators: ['isAny'], defaultOperator: 'isAny', suggest: null, source: threshold('%') }),
  attribute('AVG_MEMORY_USAGE', 'Avg Memory Usage', 'Performance', { needsDevTools: true, valueKind: 'none', operators: ['isAny'], defaultOperator: 'isAny', suggest: null, source: threshold('MB') }),
  devToolsEvent('FETCH_FAILED', 'Failed Request', 'Performance', { defaultOperator: 'isAny', placeholder: 'Request path (any when empty)' }),
];

/** A project metadata key is searched as `{ type: 'METADATA', source: [key], ... }` (or with the key itself as `type`). */
export const METADATA_FILTER: FilterKeyDef = attribute('METADATA', 'Metadata', 'Metadata', { operators: [...TEXT_VALUE_OPERATORS, ...DATE_OPERATORS] });

const BY_KEY: ReadonlyMap<string, FilterKeyDef> = new Map([...FILTER_KEYS, ...SUB_FILTER_KEYS, METADATA_FILTER].map((d) => [d.key, d]));

export function filterKeyDef(key: string): FilterKeyDef | undefined {
  return BY_KEY.get(key);
}

export function isNumberOperator(operator: string): operator is NumberOperator {
  return (NUMBER_OPERATORS as readonly string[]).includes(operator);
}

export function isTextOperator(operator: string): operator is TextOperator {
  return (TEXT_OPERATORS as readonly string[]).includes(operator);
}

/** The order of event steps (spec part 2 §3 eventsOrder, default then). */
export const EVENTS_ORDERS = ['then', 'and', 'or'] as const;
export type EventsOrder = (typeof EVENTS_ORDERS)[number];

/**
 * Timeframes of the date dropdown: part 1 §3's six plus part 2 §9's last 24 hours, this month,
 * last month and this year, in the kit picker's order; the session search defaults to LAST_7_DAYS
 * (part 2 §3).
 */
export const RANGE_VALUES = [
  { value: 'LAST_30_MINUTES', label: '30 Minutes' },
  { value: 'TODAY', label: 'Today' },
  { value: 'YESTERDAY', label: 'Yesterday' },
  { value: 'LAST_24_HOURS', label: 'Past 24 Hours' },
  { value: 'LAST_7_DAYS', label: 'Past 7 Days' },
  { value: 'LAST_30_DAYS', label: 'Past 30 Days' },
  { value: 'THIS_MONTH', label: 'This Month' },
  { value: 'LAST_MONTH', label: 'Last Month' },
  { value: 'THIS_YEAR', label: 'This Year' },
  { value: 'CUSTOM_RANGE', label: 'Custom Range' },
] as const;
export type RangeValue = (typeof RANGE_VALUES)[number]['value'];
export const DEFAULT_RANGE_VALUE: RangeValue = 'LAST_7_DAYS';
