import { describe, expect, it } from 'vitest';
import type { Scheduler } from '../../shared/model.js';
import { frequencyText, newSchedulerForm, readSchedulerForm, schedulerForm } from './scheduler-form.js';

const NOW = Date.UTC(2026, 6, 1, 12);

describe('scheduler form', () => {
  it('reads every N minutes, 5 to 1440, into the body with the member time zone', () => {
    const form = { ...newSchedulerForm(4), minutes: '15', notifications: [{ type: 'email' as const, value: 'ops@shop.test' }] };
    expect(readSchedulerForm(form, 'Europe/Berlin')).toEqual({
      body: { testId: 4, name: '', day: -2, minutes: 15, hour: 9, timezone: 'Europe/Berlin', device: 'desktop', advancedOptions: { network: 'wifi', headers: {}, cookies: [], bypassCSP: false }, notifications: [{ type: 'email', value: 'ops@shop.test' }], active: true },
      problems: [],
    });
    for (const minutes of ['4', '1441', '', '7.5']) expect(readSchedulerForm({ ...form, minutes }, 'UTC').problems, minutes).toEqual(['Run every 5 to 1440 minutes.']);
  });

  it('needs a test, a webhook for a webhook target and a valid email', () => {
    const form = { ...newSchedulerForm(), notifications: [{ type: 'webhook' as const, value: '' }, { type: 'email' as const, value: 'ops' }] };
    expect(readSchedulerForm(form, 'UTC').problems).toEqual(['Choose the test to run.', 'Choose the webhook to notify.', '"ops" is not a valid email address.']);
  });

  it('a weekday ignores the interval; a stored scheduler opens with the weekday and hour the member chose', () => {
    expect(readSchedulerForm({ ...newSchedulerForm(4), day: 0, hour: 3, minutes: '1' }, 'Asia/Kolkata').body).toMatchObject({ day: 0, hour: 3, minutes: 30 });
    // Monday 03:00 in Kolkata is stored as Sunday (6) 21:30 UTC.
    const stored = { schedulerId: 1, testId: 4, name: 'Night', minutes: 30, hour: 21 * 60 + 30, localHour: 3, timezone: 'Asia/Kolkata', day: 6, device: 'mobile', locations: [], advancedOptions: { network: '3g', headers: {}, cookies: [], bypassCSP: true }, notifications: [], nextExecutionTime: null, numberOFExecutions: 2, active: false } as Scheduler;
    expect(schedulerForm(stored, NOW)).toMatchObject({ testId: '4', day: 0, hour: 3, device: 'mobile', active: false, options: { network: '3g', bypassCSP: true } });
    expect(frequencyText(stored, NOW)).toBe('Monday at 03:00 (Asia/Kolkata)');
    expect(frequencyText({ ...stored, day: -1 }, NOW)).toBe('Everyday at 03:00 (Asia/Kolkata)');
    expect(frequencyText({ ...stored, day: -2, minutes: 45 }, NOW)).toBe('Every 45 min');
  });
});
