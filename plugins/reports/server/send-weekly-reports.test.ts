import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@cassette/plugin-sdk/server';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import { createReportsTestKernel, type ReportsTestKernel } from '../testing/reports-test-kernel.js';
import { CART_ERROR, MONDAY_MORNING_UTC, recordWeeks } from '../testing/report-project.js';
import type { CaughtMail } from '../testing/smtp-catcher.js';
import { sendDueWeeklyReports } from './send-weekly-reports.js';

const HOUR = 3_600_000;

describe('weekly report e-mail on generated visits', () => {
  let t: ReportsTestKernel;
  let shop: { tenantId: number; projectId: number; owner: TestUser };
  let blogId: number;
  let scoped: TestUser;
  let switchedOff: TestUser;
  let invitedEmail: string;
  let auckland: { tenantId: number; projectId: number; owner: TestUser };
  let losAngeles: { tenantId: number; owner: TestUser };
  let berlin: { tenantId: number; owner: TestUser };

  const setZone = async (owner: TestUser, timeZone: string) => {
    const res = await t.request('PUT', '/api/config/weekly_report/time_zone', { token: owner.token, body: { timeZone } });
    expect(res.status).toBe(200);
  };
  const mailsTo = (email: string): CaughtMail[] => t.smtp.mails.filter((m) => m.to.includes(email));

  beforeAll(async () => {
    t = await createReportsTestKernel();
    shop = await t.createTenant('Shop org');
    const blog = await t.request('POST', '/api/projects', { token: shop.owner.token, body: { name: 'Blog', host: 'blog.example.test' } });
    expect(blog.status, JSON.stringify(blog.body)).toBe(200);
    blogId = blog.body.data.projectId ?? blog.body.data.id;
    await recordWeeks(t, shop.projectId, shop.tenantId, 'shop');
    scoped = await t.createMember(shop.tenantId, { permissions: ['SESSION_REPLAY'], projectIds: [blogId] });
    switchedOff = await t.createMember(shop.tenantId, { permissions: ['ERRORS'] });
    expect((await t.request('POST', '/api/config/weekly_report', { token: switchedOff.token, body: { weeklyReport: false } })).status).toBe(200);
    // An invited member who has not joined yet gets no report.
    invitedEmail = (await t.createMember(shop.tenantId)).email;
    await t.ctx.sql(sql`update core_users set joined = false where email = ${invitedEmail}`);

    auckland = await t.createTenant('Auckland org');
    await setZone(auckland.owner, 'Pacific/Auckland');
    await recordWeeks(t, auckland.projectId, auckland.tenantId, 'akl');
    losAngeles = await t.createTenant('LA org');
    await setZone(losAngeles.owner, 'America/Los_Angeles');
    berlin = await t.createTenant('Berlin org');
    await setZone(berlin.owner, 'Europe/Berlin');
  }, 180_000);
  afterAll(async () => t?.close());

  it('goes out on Monday morning in each tenant\'s zone: Auckland while UTC is still Sunday', async () => {
    // Sunday 22 November 19:05 UTC is Monday 08:05 in Auckland (UTC+13).
    const sundayEvening = MONDAY_MORNING_UTC - 13 * HOUR;
    const early = await sendDueWeeklyReports(t.deps, sundayEvening);
    expect(early.map((o) => o.tenantId)).toEqual([auckland.tenantId]);
    expect(early[0]!.week).toBe('2026-W47');
    expect(mailsTo(auckland.owner.email)).toHaveLength(1);
    expect(mailsTo(shop.owner.email)).toHaveLength(0);
    // Auckland's week runs from Monday 00:00 NZDT (Sunday 11:00 UTC), so the UTC visits of that Sunday evening fall outside it.
    const aucklandMail = mailsTo(auckland.owner.email)[0]!;
    expect(aucklandMail.subject).toBe('Weekly report: 16 – 22 November 2026');
    expect(aucklandMail.text).toContain('(Pacific/Auckland)');
    expect(aucklandMail.text).toContain('Sessions: 3 ↑ 50% (2 the week before)');
  });

  it('mails every member whose switch is on, once, with the figures of the projects they see', async () => {
    const outcomes = await sendDueWeeklyReports(t.deps, MONDAY_MORNING_UTC);
    // Los Angeles is at Monday 00:05, Berlin's 09:05 is due, Auckland was sent already.
    expect(outcomes.map((o) => o.tenantId).sort()).toEqual([shop.tenantId, berlin.tenantId].sort());
    expect(outcomes.find((o) => o.tenantId === shop.tenantId)!.mailed.sort()).toEqual([shop.owner.id, scoped.id].sort());
    expect(mailsTo(switchedOff.email)).toHaveLength(0);
    expect(mailsTo(invitedEmail)).toHaveLength(0);
    expect(mailsTo(losAngeles.owner.email)).toHaveLength(0);

    const [mail] = mailsTo(shop.owner.email);
    expect(mail!.subject).toBe('Weekly report: 16 – 22 November 2026');
    const text = mail!.text;
    expect(text).toContain('Sessions: 4 ↑ 100% (2 the week before)');
    expect(text).toContain('Users: 3 ↑ 50% (2 the week before)');
    expect(text).toContain('Errors: 4 ↑ 300% (1 the week before)');
    const issues = text.slice(text.indexOf('Top issues:'), text.indexOf('Slowest pages'));
    expect(issues.trim().split('\n').slice(1)).toEqual(['  - Errors: 3 sessions', '  - Bad Requests: 1 session', '  - Slow Page Load: 1 session']);
    const pages = text.slice(text.indexOf('Slowest pages'), text.indexOf('New errors'));
    expect(pages.trim().split('\n').slice(1)).toEqual(['  - /checkout: 5,000 ms (2 views)', '  - /search: 3,000 ms (1 view)', '  - /home: 1,500 ms (2 views)']);
    expect(text).toContain('New errors: 1\n');
    expect(text).toContain(`  - TypeError: ${CART_ERROR} (3 times, 2 sessions)`);
    expect(text).toMatch(new RegExp(`http://[^\\s]+/${shop.projectId}/errors/[A-Za-z0-9_-]+`));
    expect(text).toContain(`/${shop.projectId}/sessions`);
    // The blog has no visits: its figures are zeros, flat.
    expect(text).toContain('Blog (blog.example.test)');
    expect(text).toContain('Sessions: 0 → 0% (0 the week before)');
    expect(text).toContain('/client/notifications');

    // The HTML part says the same, with links and colored trends (errors going up in red).
    const html = mail!.html;
    expect(html).toContain('<!doctype html>');
    expect(html).toContain(`href="http://`);
    expect(html).toMatch(/color: #cf222e">↑ 300%/);
    expect(html).toMatch(/color: #1a7f37">↑ 100%/);
    expect(html).toContain('/checkout: <b>5,000 ms</b>');
    expect(html).toContain(`TypeError: ${CART_ERROR}`);

    // The member whose role covers the blog only, without the Errors permission: the blog, no error details.
    const [scopedMail] = mailsTo(scoped.email);
    expect(scopedMail!.text).toContain('Blog (blog.example.test)');
    expect(scopedMail!.text).not.toContain('shop.example.test');
    expect(scopedMail!.text).not.toContain('New errors');
    expect(scopedMail!.html).not.toContain(CART_ERROR);
  });

  it('sends nothing more on later runs of the week, even from several processes at once', async () => {
    const before = t.smtp.mails.length;
    const [a, b] = await Promise.all([sendDueWeeklyReports(t.deps, MONDAY_MORNING_UTC + HOUR), sendDueWeeklyReports(t.deps, MONDAY_MORNING_UTC + HOUR)]);
    expect([...a, ...b].filter((o) => o.tenantId !== losAngeles.tenantId)).toEqual([]);
    expect(mailsTo(shop.owner.email)).toHaveLength(1);
    expect(mailsTo(auckland.owner.email)).toHaveLength(1);
    // Los Angeles' Monday 08:00 is 16:00 UTC: its first run then sends it, once.
    expect(await sendDueWeeklyReports(t.deps, MONDAY_MORNING_UTC + 8 * HOUR)).toEqual([{ tenantId: losAngeles.tenantId, week: '2026-W47', mailed: [losAngeles.owner.id] }]);
    expect(await sendDueWeeklyReports(t.deps, MONDAY_MORNING_UTC + 9 * HOUR)).toEqual([]);
    expect(t.smtp.mails.length).toBe(before + 1);
  });

  it('catches up later on Monday when the process was down at 08:00, and not after Monday', async () => {
    const late = await t.createTenant('Late org');
    await setZone(late.owner, 'Asia/Tokyo');
    // Monday 23 November 21:00 in Tokyo (12:00 UTC): the first run that day still sends it.
    expect((await sendDueWeeklyReports(t.deps, Date.UTC(2026, 10, 23, 12))).map((o) => o.tenantId)).toEqual([late.tenantId]);
    const missed = await t.createTenant('Missed org');
    await setZone(missed.owner, 'Asia/Tokyo');
    // Tuesday 00:00 in Tokyo: too late for that week's report.
    expect((await sendDueWeeklyReports(t.deps, Date.UTC(2026, 10, 23, 15))).map((o) => o.tenantId)).not.toContain(missed.tenantId);
    expect(mailsTo(missed.owner.email)).toHaveLength(0);
  });

  it('keeps one claim row per tenant and week, with how many members were mailed', async () => {
    const rows = await t.ctx.sql<{ week: string; recipients: number; sent_at: Date | null }>(sql`select week, recipients, sent_at from reports_weekly_sends where tenant_id = ${shop.tenantId}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ week: '2026-W47', recipients: 2 });
    expect(rows[0]!.sent_at).not.toBeNull();
  });

  it('mails on the next run the members a failed send missed, and nobody twice', async () => {
    const india = await t.createTenant('India org');
    await setZone(india.owner, 'Asia/Kolkata');
    const member = await t.createMember(india.tenantId, { permissions: ['ERRORS'] });
    t.smtp.refused.add(member.email);
    // Monday 08:30 in Kolkata is 03:00 UTC: the owner is mailed, the member's server refuses.
    const first = await sendDueWeeklyReports(t.deps, Date.UTC(2026, 10, 23, 3));
    expect(first.map((o) => o.tenantId)).not.toContain(india.tenantId);
    expect(mailsTo(india.owner.email)).toHaveLength(1);
    expect(mailsTo(member.email)).toHaveLength(0);
    expect(t.log.lines.some((line) => line.level === 'error' && line.msg?.includes('weekly report failed'))).toBe(true);
    t.smtp.refused.delete(member.email);
    const second = await sendDueWeeklyReports(t.deps, Date.UTC(2026, 10, 23, 4));
    expect(second.find((o) => o.tenantId === india.tenantId)).toEqual({ tenantId: india.tenantId, week: '2026-W47', mailed: [member.id] });
    expect(mailsTo(india.owner.email)).toHaveLength(1);
    expect(mailsTo(member.email)).toHaveLength(1);
    const [row] = await t.ctx.sql<{ recipients: number }>(sql`select recipients from reports_weekly_sends where tenant_id = ${india.tenantId}`);
    expect(row!.recipients).toBe(2);
  });
});
