// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { byLabel, cleanup, click, fakeAccount, fakeHost, renderPage, settle } from '@cassette/plugin-sdk/testing/ui';
import NotificationsTab, { WEEKLY_REPORT_LABEL } from './weekly-report.tab.js';

afterEach(cleanup);

async function open(initial: boolean, post: (body: unknown) => unknown) {
  const host = fakeHost({
    account: fakeAccount({ admin: false }),
    routes: {
      'GET /config/weekly_report': () => ({ weeklyReport: initial }),
      'POST /config/weekly_report': (_p, body) => post(body),
      'GET /config/weekly_report/time_zone': () => ({ timeZone: 'Europe/Berlin', chosen: true }),
    },
  });
  renderPage(<NotificationsTab />, '/client/notifications', '/client/:activeTab', { host });
  await settle();
  return { host, toggle: () => byLabel<HTMLInputElement>(document.body, WEEKLY_REPORT_LABEL)! };
}

describe('Preferences › Notifications', () => {
  it("shows the member's weekly report switch as the server keeps it, and saves a change", async () => {
    const sent: unknown[] = [];
    const { toggle, host } = await open(true, (body) => (sent.push(body), { weeklyReport: false }));
    expect(toggle().getAttribute('role')).toBe('switch');
    // The organization's report time zone sits below the switch.
    expect(document.body.textContent).toContain('Europe/Berlin');
    expect(toggle().checked).toBe(true);
    await click(toggle());
    await settle();
    expect(sent).toEqual([{ weeklyReport: false }]);
    expect(toggle().checked).toBe(false);
    expect(host.toast).toHaveBeenCalledWith('Weekly report turned off', 'success');
  });

  it('puts the switch back and says why when saving fails', async () => {
    const { toggle } = await open(false, () => {
      throw new ApiError(0, ['Connection error']);
    });
    expect(toggle().checked).toBe(false);
    await click(toggle());
    await settle();
    expect(toggle().checked).toBe(false);
    expect(document.querySelector('[role="alert"]')!.textContent).toContain('Connection error');
  });
});
