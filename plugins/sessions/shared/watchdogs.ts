/**
 * Watchdog rules (spec part 1 §3 issue types, part 2 §3 "Watchdog / issue-type rule", §5): issue
 * types a project defines itself. A rule watches one kind of event (`type: 'event'`, a text the
 * event must hold) or a measure (`type: 'threshold'`, a number it must exceed); the issues
 * processor flags every session where it matches, like a built-in issue type.
 */
export type WatchdogKind = 'event' | 'threshold';

export interface WatchdogRuleDef {
  ruleId: string;
  type: WatchdogKind;
  /** What the rule matches, with its value in the sentence's place. */
  label: string;
  /** The value's label in the form. */
  valueLabel: string;
  /** Thresholds: the largest value that makes sense (a CPU load is at most 100 %). */
  max?: number;
}

export const WATCHDOG_RULES: readonly WatchdogRuleDef[] = [
  { ruleId: 'custom_event', type: 'event', label: 'Custom event named', valueLabel: 'Event name' },
  { ruleId: 'error_message', type: 'event', label: 'JavaScript error whose message contains', valueLabel: 'Message text' },
  { ruleId: 'click_label', type: 'event', label: 'Click on an element whose text contains', valueLabel: 'Element text' },
  { ruleId: 'page_url', type: 'event', label: 'Page visited whose URL contains', valueLabel: 'URL text' },
  { ruleId: 'page_load_time', type: 'threshold', label: 'Page load time above', valueLabel: 'Milliseconds', max: 600_000 },
  { ruleId: 'request_duration', type: 'threshold', label: 'Network request slower than', valueLabel: 'Milliseconds', max: 600_000 },
  { ruleId: 'cpu_load', type: 'threshold', label: 'CPU load above', valueLabel: 'Percent', max: 100 },
  { ruleId: 'memory_used', type: 'threshold', label: 'Memory used above', valueLabel: 'Megabytes', max: 1_000_000 },
];

export const WATCHDOG_ICONS = ['bell', 'bug', 'flag', 'fire', 'eye', 'bolt', 'cart', 'star'] as const;
export type WatchdogIcon = (typeof WATCHDOG_ICONS)[number];


export const WATCHDOG_NAME_MAX = 50;
export const WATCHDOG_TEXT_MAX = 200;
/** A project keeps at most this many rules: each is evaluated on every event of every session. */
export const WATCHDOGS_PER_PROJECT = 30;

export interface WatchdogPayload {
  /** Flag every matching session; otherwise only `rate` percent of them (the same ones every time). */
  captureAll: boolean;
  rate: number;
}

export interface Watchdog {
  watchdogId: number;
  projectId: number;
  name: string;
  type: WatchdogKind;
  icon: WatchdogIcon;
  ruleId: string;
  /** `value`: the text (event rules) or the number (thresholds) the rule compares with. */
  ruleConfig: { value: string | number };
  enabled: boolean;
  /** Shown as a tab of the sessions list (hidden rules are still searchable). */
  visible: boolean;
  payload: WatchdogPayload;
  createdAt: number;
}

/** The value an ISSUE filter (and a sessions list tab) uses for a rule. */
export const watchdogIssueKey = (watchdogId: number) => `watchdog_${watchdogId}`;
export const WATCHDOG_ISSUE_KEY = /^watchdog_([1-9][0-9]{0,9})$/;

export function watchdogIdOfKey(key: string): number | null {
  const match = WATCHDOG_ISSUE_KEY.exec(key);
  return match ? Number(match[1]) : null;
}

/** `GET /watchdogs/status`: what the sessions list needs, fetched at boot and on each project switch. */
export interface WatchdogStatus {
  /** Enabled rules, in creation order. */
  watchdogs: Array<Pick<Watchdog, 'watchdogId' | 'name' | 'icon' | 'visible'> & { key: string }>;
  /** A rehydration of this project is queued or in progress. */
  rehydrating: boolean;
}

export const ruleDef = (ruleId: string): WatchdogRuleDef | undefined => WATCHDOG_RULES.find((r) => r.ruleId === ruleId);

export interface WatchdogInput {
  name?: unknown;
  ruleId?: unknown;
  ruleConfig?: { value?: unknown } | undefined;
  icon?: unknown;
  payload?: { captureAll?: unknown; rate?: unknown } | undefined;
}

/**
 * The spec's rule (part 2 §5 "Watchdog rule: name and ruleId non-empty") and what makes a rule
 * one the processor can run: a known rule, a value of its kind, a known icon, a rate 0-100.
 * Answers the problems, each saying what to do; empty when the rule is valid. Shared by the
 * settings form and the server.
 */
export function watchdogProblems(input: WatchdogInput): string[] {
  const problems: string[] = [];
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '') problems.push('Give the rule a name.');
  else if (name.length > WATCHDOG_NAME_MAX) problems.push(`A rule name has at most ${WATCHDOG_NAME_MAX} characters.`);
  else if (/\p{Cc}/u.test(name)) problems.push('A rule name cannot contain control characters (tabs, line breaks, ...).');
  const ruleId = typeof input.ruleId === 'string' ? input.ruleId.trim() : '';
  const def = ruleDef(ruleId);
  if (ruleId === '') problems.push('Choose what the rule watches.');
  else if (!def) problems.push(`Unknown rule "${ruleId.slice(0, 40)}"; choose one of: ${WATCHDOG_RULES.map((r) => r.ruleId).join(', ')}.`);
  const value = input.ruleConfig?.value;
  if (def?.type === 'event') {
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') problems.push(`Enter the ${def.valueLabel.toLowerCase()} the rule looks for.`);
    else if (text.length > WATCHDOG_TEXT_MAX) problems.push(`The ${def.valueLabel.toLowerCase()} has at most ${WATCHDOG_TEXT_MAX} characters.`);
  } else if (def?.type === 'threshold') {
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    if (!Number.isFinite(n) || n <= 0 || (def.max !== undefined && n > def.max)) problems.push(`Enter a threshold greater than 0${def.max !== undefined ? ` and at most ${def.max}` : ''} (${def.valueLabel.toLowerCase()}).`);
  }
  if (input.icon !== undefined && !(WATCHDOG_ICONS as readonly unknown[]).includes(input.icon)) problems.push(`Choose one of the icons: ${WATCHDOG_ICONS.join(', ')}.`);
  const rate = input.payload?.rate;
  if (rate !== undefined && !(typeof rate === 'number' && Number.isInteger(rate) && rate >= 0 && rate <= 100)) problems.push('The capture rate is a whole number from 0 to 100.');
  return problems;
}
