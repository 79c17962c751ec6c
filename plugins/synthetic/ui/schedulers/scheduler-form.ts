// The scheduler form's state, read into the body of POST/PUT /schedulers with the spec's rules
// (part 2 §5), and how a scheduler's frequency reads in the list.
import { DEFAULT_INTERVAL_MINUTES, SCHEDULE_EVERY, SCHEDULE_EVERYDAY, WEEKDAY_NAMES, type Device, type Scheduler, type SchedulerNotification } from '../../shared/model.js';
import { notificationProblem, scheduleProblem } from '../../shared/validation.js';
import { localWeekday } from '../../shared/schedule-time.js';
import { emptyRunOptions, readRunOptions, runOptionsForm, type AdvancedOptions, type RunOptionsForm } from '../common/run-options.js';

export interface SchedulerForm {
  testId: string;
  name: string;
  /** -2 every N minutes, -1 every day, 0 (Monday) to 6 (Sunday). */
  day: number;
  minutes: string;
  /** Local hour, 0 to 23. */
  hour: number;
  environmentId: string;
  device: Device;
  options: RunOptionsForm;
  notifications: SchedulerNotification[];
  active: boolean;
}

export const DAY_OPTIONS = [
  { value: String(SCHEDULE_EVERY), label: 'Every' },
  { value: String(SCHEDULE_EVERYDAY), label: 'Everyday' },
  ...WEEKDAY_NAMES.map((name, index) => ({ value: String(index), label: name })),
];
export const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, '0')}:00` }));

export function newSchedulerForm(testId?: number): SchedulerForm {
  return { testId: testId ? String(testId) : '', name: '', day: SCHEDULE_EVERY, minutes: String(DEFAULT_INTERVAL_MINUTES), hour: 9, environmentId: '', device: 'desktop', options: emptyRunOptions, notifications: [], active: true };
}

export function schedulerForm(s: Scheduler, now: number): SchedulerForm {
  return {
    testId: String(s.testId),
    name: s.name,
    day: localWeekday(s, now),
    minutes: String(s.minutes),
    hour: s.localHour,
    environmentId: s.environmentId ? String(s.environmentId) : '',
    device: s.device,
    options: runOptionsForm(s.advancedOptions),
    notifications: s.notifications,
    active: s.active,
  };
}

export interface SchedulerBody {
  testId: number;
  name: string;
  day: number;
  minutes: number;
  hour: number;
  timezone: string;
  environmentId?: number;
  device: Device;
  advancedOptions: AdvancedOptions;
  notifications: SchedulerNotification[];
  active: boolean;
}

/**
 * The body to save, or what to fix. A weekday stores the weekday as chosen in the member's time
 * zone (the server converts it to UTC), every N minutes ignores the hour.
 */
export function readSchedulerForm(form: SchedulerForm, timezone: string): { body: SchedulerBody | null; problems: string[] } {
  const problems: string[] = [];
  const testId = Number(form.testId);
  if (!testId) problems.push('Choose the test to run.');
  const typed = form.minutes.trim() === '' ? NaN : Number(form.minutes);
  // A weekday or every day makes the interval irrelevant: an unusable one is sent as the default.
  const minutes = form.day === SCHEDULE_EVERY || scheduleProblem({ day: SCHEDULE_EVERY, minutes: typed }) === null ? typed : DEFAULT_INTERVAL_MINUTES;
  const schedule = scheduleProblem({ day: form.day, minutes, hour: form.hour });
  if (schedule) problems.push(schedule);
  for (const target of form.notifications) {
    const problem = notificationProblem(target);
    if (problem) problems.push(problem);
  }
  const options = readRunOptions(form.options);
  problems.push(...options.problems);
  if (problems.length) return { body: null, problems };
  return {
    body: {
      testId,
      name: form.name.trim(),
      day: form.day,
      minutes,
      hour: form.hour,
      timezone,
      ...(form.environmentId ? { environmentId: Number(form.environmentId) } : {}),
      device: form.device,
      advancedOptions: options.options,
      notifications: form.notifications,
      active: form.active,
    },
    problems: [],
  };
}

/** "Every 30 min", "Everyday at 09:00 (Europe/Berlin)", "Monday at 03:00 (Asia/Kolkata)". */
export function frequencyText(s: Pick<Scheduler, 'day' | 'minutes' | 'localHour' | 'timezone'>, now: number): string {
  if (s.day === SCHEDULE_EVERY) return `Every ${s.minutes} min`;
  const at = `at ${String(s.localHour).padStart(2, '0')}:00 (${s.timezone})`;
  return s.day === SCHEDULE_EVERYDAY ? `Everyday ${at}` : `${WEEKDAY_NAMES[localWeekday(s, now)] ?? 'Day'} ${at}`;
}
