// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { byLabel, chooseOption, cleanup, click, fakeAccount, fakeHost, renderPage, settle } from '@cassette/plugin-sdk/testing/ui';
import { TIME_ZONE_LABEL, TIME_ZONE_UNSAVED, WeeklyReportTimeZone } from './weekly-report-time-zone.js';

afterEach(cleanup);

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

async function open(options: { admin: boolean; saved: { timeZone: string; chosen: boolean }; put?: (body: unknown) => unknown }) {
  const host = fakeHost({
    account: fakeAccount({ admin: options.admin }),
    routes: { 'GET /config/weekly_report/time_zone': () => options.saved, 'PUT /config/weekly_report/time_zone': (_p, body) => options.put?.(body) },
  });
  renderPage(<WeeklyReportTimeZone />, '/client/notifications', '/client/:activeTab', { host });
  await settle();
  const save = () => [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Save time zone'))!;
  return { host, select: () => byLabel<HTMLSelectElement>(document.body, TIME_ZONE_LABEL), save };
}

describe('Preferences › Notifications: weekly report time zone', () => {
  it("suggests the browser's zone to an admin while none is saved, and saves the chosen one", async () => {
    const sent: unknown[] = [];
    const { select, save, host } = await open({ admin: true, saved: { timeZone: 'UTC', chosen: false }, put: (body) => (sent.push(body), { timeZone: 'Pacific/Auckland', chosen: true }) });
    expect(select()!.value).toBe(browserZone);
    expect(document.body.textContent).toContain(TIME_ZONE_UNSAVED);
    const zones = [...select()!.options].map((o) => o.value);
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Pacific/Auckland');
    await chooseOption(select(), 'Pacific/Auckland');
    await click(save());
    await settle();
    expect(sent).toEqual([{ timeZone: 'Pacific/Auckland' }]);
    expect(host.toast).toHaveBeenCalledWith('Weekly report time zone saved', 'success');
    expect(document.body.textContent).not.toContain(TIME_ZONE_UNSAVED);
    expect(save().disabled).toBe(true);
  });

  it('shows the saved zone and says why saving failed', async () => {
    const { select, save } = await open({
      admin: true,
      saved: { timeZone: 'Europe/Berlin', chosen: true },
      put: () => {
        throw new ApiError(400, ['Unknown time zone "Asia/Tokyo"']);
      },
    });
    expect(select()!.value).toBe('Europe/Berlin');
    expect(save().disabled).toBe(true);
    await chooseOption(select(), 'Asia/Tokyo');
    await click(save());
    await settle();
    expect(document.querySelector('[role="alert"]')!.textContent).toContain('Unknown time zone');
  });

  it('shows a member the zone without letting them change it', async () => {
    const { select } = await open({ admin: false, saved: { timeZone: 'Europe/Berlin', chosen: true } });
    expect(select()).toBeNull();
    expect(document.body.textContent).toContain('Europe/Berlin');
    expect(document.body.textContent).toContain('Only an admin can change it.');
  });
});
