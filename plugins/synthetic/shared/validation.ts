// The spec's validation rules for tests, steps, schedulers, environments, variables and
// templates (part 2 §5). Each answers null when valid, else the message a member sees.
import { MAX_INTERVAL_MINUTES, MIN_INTERVAL_MINUTES, SCHEDULE_EVERY, SCHEDULE_EVERYDAY, type SchedulerNotification, type TestStep } from './model.js';

/** Letters (diacritics too), digits, spaces, underscores; colon and hyphen allowed (spec §5). */
const TEST_NAME = /^[\p{L}\p{M}\p{N}_ :-]+$/u;
export const MAX_NAME_LENGTH = 100;
/** Spec §5: starts with a letter or underscore, then letters, digits or underscores. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** `${name}` in a step's value or selector. */
export const VARIABLE_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function testNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the test a name.';
  if (trimmed.length > MAX_NAME_LENGTH) return `A test name has at most ${MAX_NAME_LENGTH} characters.`;
  if (!TEST_NAME.test(trimmed)) return 'A test name may hold letters, digits, spaces, underscores, colons and hyphens only.';
  return null;
}

/** Spec §5: click or input need at least one selector; navigate a non-blank value; custom code. */
export function stepProblem(step: TestStep): string | null {
  switch (step.type) {
    case 'click':
    case 'input':
      return step.selectors.some((s) => s.trim()) ? null : `${step.type === "input" ? "An input" : "A click"} step needs at least one selector.`;
    case 'navigate':
      return step.value.trim() ? null : 'A navigate step needs the address to open.';
    case 'custom':
      return step.code.trim() ? null : 'A custom step needs code.';
    case 'test':
      return null;
  }
}

/** Spec §5: at least one step and a valid name; each step valid (its position named). */
export function testProblems(test: { name: string; steps: TestStep[] }): string[] {
  const problems: string[] = [];
  const name = testNameProblem(test.name);
  if (name) problems.push(name);
  if (test.steps.length === 0) problems.push('Add at least one step to the test.');
  test.steps.forEach((step, index) => {
    const problem = stepProblem(step);
    if (problem) problems.push(`Step ${index + 1}: ${problem}`);
  });
  return problems;
}

/** Spec §5: a weekday chosen (or every day at an hour), or an interval of 5 to 1440 minutes. */
export function scheduleProblem(schedule: { day: number; minutes: number; hour?: number }): string | null {
  if (schedule.day === SCHEDULE_EVERY) {
    return Number.isInteger(schedule.minutes) && schedule.minutes >= MIN_INTERVAL_MINUTES && schedule.minutes <= MAX_INTERVAL_MINUTES
      ? null
      : `Run every ${MIN_INTERVAL_MINUTES} to ${MAX_INTERVAL_MINUTES} minutes.`;
  }
  if (schedule.day === SCHEDULE_EVERYDAY || (Number.isInteger(schedule.day) && schedule.day >= 0 && schedule.day <= 6)) {
    return schedule.hour === undefined || (Number.isInteger(schedule.hour) && schedule.hour >= 0 && schedule.hour <= 23) ? null : 'Choose an hour from 00:00 to 23:00.';
  }
  return 'Choose a weekday, every day, or an interval in minutes.';
}

/** Spec §5: a webhook notification needs a webhook id; an email channel a valid email. */
export function notificationProblem(target: SchedulerNotification): string | null {
  if (target.type === 'email') return EMAIL.test(target.value.trim()) ? null : `"${target.value}" is not a valid email address.`;
  return /^[1-9][0-9]{0,9}$/.test(target.value) ? null : `Choose the ${target.type === 'slack' ? 'Slack channel' : 'webhook'} to notify.`;
}

export function environmentProblems(env: { name: string; url: string }): string[] {
  const problems: string[] = [];
  if (!env.name.trim()) problems.push('Give the environment a name.');
  if (!isHttpUrl(env.url)) problems.push('Enter the environment URL as a full http(s) address, such as https://staging.example.com.');
  return problems;
}

export function variableProblems(variable: { name: string; value: string }): string[] {
  const problems: string[] = [];
  if (!VARIABLE_NAME.test(variable.name)) problems.push('A variable name starts with a letter or underscore, then letters, digits or underscores.');
  if (!variable.value) problems.push('Give the variable a value.');
  return problems;
}

export function templateProblems(template: { name: string; code: string }): string[] {
  const problems: string[] = [];
  if (!template.name.trim()) problems.push('Give the template a name.');
  if (!template.code.trim()) problems.push('A template needs code.');
  return problems;
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Spec §3: tags are lowercased; letters and digits only (the tag editor's rule); duplicates dropped. */
export function normalizeTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().replace(/^#/, '').toLowerCase()).filter(Boolean))];
}
export function tagProblem(tag: string): string | null {
  return /^#?[\p{L}\p{N}]+$/u.test(tag.trim()) ? null : `"${tag}" is not a tag: use letters and digits only.`;
}

/** Replaces `${name}` with the variable's value; unknown names are listed, not replaced. */
export function substituteVariables(text: string, values: ReadonlyMap<string, string>): { text: string; missing: string[] } {
  const missing: string[] = [];
  const out = text.replace(VARIABLE_REFERENCE, (whole, name: string) => {
    const value = values.get(name);
    if (value === undefined) {
      missing.push(name);
      return whole;
    }
    return value;
  });
  return { text: out, missing };
}
