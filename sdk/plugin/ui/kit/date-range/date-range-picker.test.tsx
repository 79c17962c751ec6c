// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, byLabel, byRole, cleanup, click, fakeHost, mouseDown, pressKey, renderPage, typeInto } from '../../../testing-ui.js';
import { ALERT_DATE_RANGES, type DateBounds, type DateRangeValue } from './date-ranges.js';
import { DateRangePicker } from './date-range-picker.js';

// Saturday 21 Nov 2026, 14:05 UTC: 15:05 in Berlin.
const NOW = Date.UTC(2026, 10, 21, 14, 5);

beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date'] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The picker as a page keeps it: the chosen range in state, each change recorded. */
function render(ranges?: readonly DateRangeValue[]) {
  const changes: { value: DateRangeValue; bounds: DateBounds }[] = [];
  function Page() {
    const [range, setRange] = useState<{ value: DateRangeValue; startDate: number | null; endDate: number | null }>({ value: 'LAST_7_DAYS', startDate: null, endDate: null });
    return (
      <DateRangePicker
        value={range.value}
        startDate={range.startDate}
        endDate={range.endDate}
        ranges={ranges}
        onChange={(value, bounds) => {
          changes.push({ value, bounds });
          setRange(value === 'CUSTOM_RANGE' ? { value, ...bounds } : { value, startDate: null, endDate: null });
        }}
      />
    );
  }
  const page = renderPage(<Page />, '/', '*', { host: fakeHost({ timezone: 'Europe/Berlin' }) });
  const button = () => page.container.querySelector<HTMLButtonElement>('[data-testid="date-range-button"]')!;
  const item = (label: string) => byRole(page.container, 'menuitemradio').find((i) => i.textContent === label);
  const popup = () => document.querySelector<HTMLElement>('[data-testid="custom-range"]');
  const day = (key: string) => document.querySelector<HTMLButtonElement>(`[data-day="${key}"]`)!;
  return { ...page, changes, button, item, popup, day };
}

describe('the date-range picker', () => {
  it('offers every named range and applies one at once, computed in the host timezone', async () => {
    const { button, item, changes, container } = render();
    expect(button().textContent).toBe('Past 7 Days');
    await click(button());
    expect(byRole(container, 'menuitemradio').map((i) => i.textContent)).toEqual([
      '30 Minutes', 'Today', 'Yesterday', 'Past 24 Hours', 'Past 7 Days', 'Past 30 Days', 'This Month', 'Last Month', 'This Year', 'Custom Range',
    ]);
    expect(item('Past 7 Days')?.getAttribute('aria-checked')).toBe('true');
    await click(item('Yesterday'));
    expect(changes).toEqual([{ value: 'YESTERDAY', bounds: { startDate: Date.UTC(2026, 10, 19, 23), endDate: Date.UTC(2026, 10, 20, 22, 59, 59, 999) } }]);
    expect(container.querySelector('[role="menu"]')).toBeNull();
    expect(button().textContent).toBe('Yesterday');
    expect(document.activeElement).toBe(button());
  });

  it('offers only the ranges asked for (the alert picker has no 30 minutes and no custom range)', async () => {
    const { button, container } = render(ALERT_DATE_RANGES);
    await click(button());
    const labels = byRole(container, 'menuitemradio').map((i) => i.textContent);
    expect(labels).not.toContain('30 Minutes');
    expect(labels).not.toContain('Custom Range');
    expect(labels).toHaveLength(8);
  });

  it('closes the menu on Escape or a press outside, without a change', async () => {
    const { button, container, changes } = render();
    await click(button());
    await pressKey(document, 'Escape');
    expect(container.querySelector('[role="menu"]')).toBeNull();
    await click(button());
    await mouseDown(document.body);
    expect(container.querySelector('[role="menu"]')).toBeNull();
    expect(changes).toEqual([]);
  });

  it('picks a custom range on the two-month calendar: first click starts, second ends, days after today are off', async () => {
    const { button, item, popup, day, changes } = render();
    await click(button());
    await click(item('Custom Range'));
    expect(popup()).not.toBeNull();
    expect([...popup()!.querySelectorAll('caption')].map((c) => c.textContent)).toEqual(['October 2026', 'November 2026']);
    expect(byLabel<HTMLButtonElement>(popup()!, 'Next month')!.disabled).toBe(true);
    expect(day('2026-11-22').disabled).toBe(true);
    expect(day('2026-11-21').disabled).toBe(false);

    await click(day('2026-11-05'));
    expect(popup()!.textContent).toContain('Click the last day of the range.');
    await click(day('2026-11-02'));
    expect(popup()!.querySelector('[data-field="start-day"]')?.textContent).toBe('November 2, 2026');
    expect(popup()!.querySelector('[data-field="end-day"]')?.textContent).toBe('November 5, 2026');
    expect(day('2026-11-03').getAttribute('aria-pressed')).toBe('true');
    expect(day('2026-11-06').getAttribute('aria-pressed')).toBe('false');
    const startTime = byLabel<HTMLInputElement>(popup()!, 'Start time')!;
    expect([startTime.value, startTime.step, byLabel<HTMLInputElement>(popup()!, 'End time')!.value]).toEqual(['00:00', '60', '23:59']);
    typeInto(startTime, '08:30');

    await click(buttonNamed(document.body, 'Apply'));
    expect(popup()).toBeNull();
    expect(changes).toEqual([{ value: 'CUSTOM_RANGE', bounds: { startDate: Date.UTC(2026, 10, 2, 7, 30), endDate: Date.UTC(2026, 10, 5, 22, 59, 59, 999) } }]);
    expect(button().textContent).toBe('Nov 2, 2026 08:30 – Nov 5, 2026 23:59');
  });

  it('pages back through months', async () => {
    const { button, item, popup } = render();
    await click(button());
    await click(item('Custom Range'));
    await click(byLabel(popup()!, 'Previous month'));
    expect([...popup()!.querySelectorAll('caption')].map((c) => c.textContent)).toEqual(['September 2026', 'October 2026']);
    expect(byLabel<HTMLButtonElement>(popup()!, 'Next month')!.disabled).toBe(false);
  });

  it('says what to fix when a time is empty, and Cancel keeps the range', async () => {
    const { button, item, popup, changes } = render();
    await click(button());
    await click(item('Custom Range'));
    typeInto(byLabel<HTMLInputElement>(popup()!, 'End time')!, '');
    await click(buttonNamed(document.body, 'Apply'));
    expect(popup()!.querySelector('[role="alert"]')?.textContent).toBe('Enter an end date and time.');
    await click(buttonNamed(document.body, 'Cancel'));
    expect(popup()).toBeNull();
    expect(changes).toEqual([]);
    expect(button().textContent).toBe('Past 7 Days');
  });
});
