import { describe, expect, it } from 'vitest';
import type { ProjectWeek } from './project-week.js';
import { reportMail, trendOf, weekTitle } from './report-mail.js';

const week = (overrides: Partial<ProjectWeek> = {}): ProjectWeek => ({
  project: { id: 7, name: 'Shop <main>', host: 'shop.example.test' },
  sessions: { current: 12, previous: 8 },
  users: { current: 5, previous: 6 },
  errors: { current: 3, previous: 3 },
  topIssues: [{ type: 'js_exception', name: 'Errors', sessions: 2 }],
  slowestPages: [{ path: '/checkout?step=<2>', averageLoadTime: 4321.4, views: 1 }],
  newErrors: { errors: [{ errorId: 'e-1', name: 'TypeError', message: 'x is "undefined"', firstOccurrence: 0, occurrences: 1, sessions: 1, users: 1 }], total: 7 },
  ...overrides,
});

const input = { recipientName: 'Ada', timeZone: 'Europe/Berlin', firstDay: { year: 2026, month: 11, day: 16 }, lastDay: { year: 2026, month: 11, day: 22 }, showErrors: true, appUrl: 'https://app.example.test' };

describe('weekly report mail', () => {
  it('words trends with an arrow and a percent', () => {
    expect(trendOf({ current: 12, previous: 8 })).toEqual({ direction: 'up', words: '↑ 50%' });
    expect(trendOf({ current: 5, previous: 6 })).toEqual({ direction: 'down', words: '↓ 16.7%' });
    expect(trendOf({ current: 3, previous: 3 })).toEqual({ direction: 'flat', words: '→ 0%' });
    expect(trendOf({ current: 4, previous: 0 })).toEqual({ direction: 'up', words: '↑ new' });
    expect(trendOf({ current: 0, previous: 4 })).toEqual({ direction: 'down', words: '↓ 100%' });
  });

  it('titles the week by its days, across months and years', () => {
    expect(weekTitle({ year: 2026, month: 11, day: 16 }, { year: 2026, month: 11, day: 22 })).toBe('16 – 22 November 2026');
    expect(weekTitle({ year: 2026, month: 10, day: 26 }, { year: 2026, month: 11, day: 1 })).toBe('26 October – 1 November 2026');
    expect(weekTitle({ year: 2026, month: 12, day: 28 }, { year: 2027, month: 1, day: 3 })).toBe('28 December 2026 – 3 January 2027');
  });

  it('writes the same content as text and as escaped HTML, with links into the app', () => {
    const mail = reportMail({ ...input, projects: [week()] });
    expect(mail.subject).toBe('Weekly report: 16 – 22 November 2026');
    expect(mail.text).toContain('Sessions: 12 ↑ 50% (8 the week before)');
    expect(mail.text).toContain('Users: 5 ↓ 16.7% (6 the week before)');
    expect(mail.text).toContain('Errors: 3 → 0% (3 the week before)');
    expect(mail.text).toContain('  - /checkout?step=<2>: 4,321 ms (1 view)');
    expect(mail.text).toContain('New errors: 7\n  - TypeError: x is "undefined" (1 time, 1 session)\n    https://app.example.test/7/errors/e-1');
    expect(mail.html).toContain('Shop &lt;main&gt;');
    expect(mail.html).toContain('/checkout?step=&lt;2&gt;');
    expect(mail.html).toContain('x is &quot;undefined&quot;');
    expect(mail.html).not.toContain('<main>');
    expect(mail.html).toContain('href="https://app.example.test/7/errors"');
    expect(mail.html).toContain('All 7 new errors');
    // Users went down: green is for up, so this one is red; errors unchanged: grey.
    expect(mail.html).toMatch(/color: #cf222e">↓ 16.7%/);
    expect(mail.html).toMatch(/color: #57606a">→ 0%/);
  });

  it('leaves the errors out for a member who may not open them', () => {
    const mail = reportMail({ ...input, showErrors: false, projects: [week()] });
    expect(mail.text).not.toContain('New errors');
    expect(mail.text).not.toContain('/7/errors');
    expect(mail.html).not.toContain('undefined');
    expect(mail.html).not.toContain('/7/errors');
    // The error count itself stays: it is a dashboard figure.
    expect(mail.text).toContain('Errors: 3');
  });
});
