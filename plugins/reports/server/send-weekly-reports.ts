import type { ProjectInfo, UserInfo } from '@cassette/plugin-sdk/server';
import type { ReportsDeps } from './deps.js';
import { readProjectWeek, type ProjectWeek } from './project-week.js';
import { reportMail } from './report-mail.js';
import { claimWeek, completeWeek, mailedMembers, recordMailed, releaseWeek } from './send-claims.js';
import { dueWeeklyReport, type WeeklyWindow } from './weekly-window.js';

export interface TenantOutcome {
  tenantId: number;
  week: string;
  /** Members mailed by this run. */
  mailed: number[];
}

/** The projects a member may open: all of the tenant's for admins and roles on every project. */
function visibleProjects(member: UserInfo, projects: readonly ProjectInfo[]): ProjectInfo[] {
  if (member.admin || member.projectIds === null) return [...projects];
  const allowed = new Set(member.projectIds);
  return projects.filter((p) => allowed.has(p.id));
}

/** Sends a claimed week to every joined member whose switch is on and who sees a project; figures are read once per project. */
async function sendWeek(deps: ReportsDeps, tenantId: number, projects: ProjectInfo[], window: WeeklyWindow, timeZone: string): Promise<number[]> {
  const [members, switchedOff, alreadyMailed] = await Promise.all([deps.users.listForTenant(tenantId), deps.preferences.switchedOff(tenantId), mailedMembers(deps.database.sql, tenantId, window.week)]);
  const weeks = new Map<number, Promise<ProjectWeek>>();
  const weekOf = (project: ProjectInfo) => {
    let week = weeks.get(project.id);
    if (!week) {
      week = readProjectWeek(deps, project, window.range, window.previous);
      weeks.set(project.id, week);
    }
    return week;
  };
  const appUrl = deps.config.publicUrl.replace(/\/+$/, '');
  const mailed: number[] = [];
  for (const member of members) {
    if (!member.joined || switchedOff.has(member.id) || alreadyMailed.has(member.id)) continue;
    const visible = visibleProjects(member, projects);
    if (visible.length === 0) continue;
    const projectWeeks = [];
    for (const project of visible) projectWeeks.push(await weekOf(project));
    const mail = reportMail({
      recipientName: member.name,
      timeZone,
      firstDay: window.firstDay,
      lastDay: window.lastDay,
      projects: projectWeeks,
      showErrors: member.admin || member.permissions.includes('ERRORS'),
      appUrl,
    });
    await deps.mailer.send({ to: member.email, ...mail });
    await recordMailed(deps.database.sql, tenantId, window.week, member.id);
    mailed.push(member.id);
  }
  return mailed;
}

/**
 * The hourly check: for each tenant with projects whose local time is Monday from 08:00
 * (weekly-window.ts), claims its week and mails its members. Several processes may run this at
 * once: the claim lets one of them send each tenant's week, and a second run finds it sent. A
 * tenant whose send fails is logged and released for the next run, which mails only the members
 * not mailed yet; the other tenants go on.
 */
export async function sendDueWeeklyReports(deps: ReportsDeps, now: number): Promise<TenantOutcome[]> {
  const byTenant = new Map<number, ProjectInfo[]>();
  for (const project of await deps.projects.listAll()) byTenant.set(project.tenantId, [...(byTenant.get(project.tenantId) ?? []), project]);
  const outcomes: TenantOutcome[] = [];
  for (const [tenantId, projects] of byTenant) {
    const timeZone = await deps.preferences.timeZone(tenantId);
    const window = dueWeeklyReport(now, timeZone);
    if (!window) continue;
    if (!(await claimWeek(deps.database.sql, tenantId, window.week, now))) continue;
    try {
      const mailed = await sendWeek(deps, tenantId, projects, window, timeZone);
      const total = (await mailedMembers(deps.database.sql, tenantId, window.week)).size;
      await completeWeek(deps.database.sql, tenantId, window.week, total, now);
      outcomes.push({ tenantId, week: window.week, mailed });
      if (mailed.length) deps.logger.info({ tenantId, week: window.week, mailed: mailed.length }, 'weekly reports sent');
    } catch (err) {
      deps.logger.error({ err, tenantId, week: window.week }, 'weekly report failed; the next run retries the members not mailed yet');
      await releaseWeek(deps.database.sql, tenantId, window.week);
    }
  }
  return outcomes;
}
