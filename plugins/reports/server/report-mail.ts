// The weekly report as a mail: a plain text part and an HTML part with the same content. The
// HTML is tables with inline styles, which is what mail clients render alike.
import type { ProjectWeek, Trend } from './project-week.js';

export interface ReportMailInput {
  recipientName: string;
  timeZone: string;
  firstDay: { year: number; month: number; day: number };
  lastDay: { year: number; month: number; day: number };
  /** The member's projects, in order. */
  projects: ProjectWeek[];
  /** Whether the member may open errors (their role holds ERRORS, or they are an admin): else the new errors are left out. */
  showErrors: boolean;
  /** The app's public URL, without a trailing slash. */
  appUrl: string;
}

export interface ReportMail {
  subject: string;
  text: string;
  html: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const number = (n: number) => Math.round(n).toLocaleString('en-US');
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** Long error messages and paths would push the layout; the app shows them whole. */
const clip = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** "16 – 22 November 2026", "26 October – 1 November 2026", "29 December 2026 – 4 January 2027". */
export function weekTitle(first: ReportMailInput['firstDay'], last: ReportMailInput['lastDay']): string {
  const month = (d: typeof first) => MONTHS[d.month - 1]!;
  if (first.year !== last.year) return `${first.day} ${month(first)} ${first.year} – ${last.day} ${month(last)} ${last.year}`;
  if (first.month !== last.month) return `${first.day} ${month(first)} – ${last.day} ${month(last)} ${last.year}`;
  return `${first.day} – ${last.day} ${month(last)} ${last.year}`;
}

export type Direction = 'up' | 'down' | 'flat';

/** The change from the week before: an arrow and a percent (one decimal at most); "new" when the week before had none. */
export function trendOf(t: Trend): { direction: Direction; words: string } {
  if (t.current === t.previous) return { direction: 'flat', words: '→ 0%' };
  const direction: Direction = t.current > t.previous ? 'up' : 'down';
  const arrow = direction === 'up' ? '↑' : '↓';
  if (t.previous === 0) return { direction, words: `${arrow} new` };
  const percent = Math.round((Math.abs(t.current - t.previous) / t.previous) * 1000) / 10;
  return { direction, words: `${arrow} ${percent.toLocaleString('en-US')}%` };
}

interface Figure {
  label: string;
  trend: Trend;
  /** Errors going up is bad news, sessions going up good. */
  upIsGood: boolean;
  link: string;
}

function projectLinks(appUrl: string, projectId: number) {
  const base = `${appUrl}/${projectId}`;
  return { sessions: `${base}/sessions`, dashboard: `${base}/dashboard`, errors: `${base}/errors`, error: (errorId: string) => `${base}/errors/${encodeURIComponent(errorId)}` };
}

function figuresOf(week: ProjectWeek, input: Pick<ReportMailInput, 'appUrl' | 'showErrors'>): Figure[] {
  const links = projectLinks(input.appUrl, week.project.id);
  return [
    { label: 'Sessions', trend: week.sessions, upIsGood: true, link: links.sessions },
    { label: 'Users', trend: week.users, upIsGood: true, link: links.sessions },
    // The count is a dashboard figure; the errors page only for those who may open it.
    { label: 'Errors', trend: week.errors, upIsGood: false, link: input.showErrors ? links.errors : links.dashboard },
  ];
}

function projectText(week: ProjectWeek, input: ReportMailInput): string[] {
  const links = projectLinks(input.appUrl, week.project.id);
  const lines = [`${week.project.name} (${week.project.host})`, '-'.repeat(Math.min(60, week.project.name.length + week.project.host.length + 3))];
  for (const f of figuresOf(week, input)) lines.push(`${f.label}: ${number(f.trend.current)} ${trendOf(f.trend).words} (${number(f.trend.previous)} the week before)`);
  lines.push('', 'Top issues:');
  if (week.topIssues.length === 0) lines.push('  none');
  for (const issue of week.topIssues) lines.push(`  - ${issue.name}: ${number(issue.sessions)} ${issue.sessions === 1 ? 'session' : 'sessions'}`);
  lines.push('', 'Slowest pages (average load time):');
  if (week.slowestPages.length === 0) lines.push('  no page load times recorded');
  for (const page of week.slowestPages) lines.push(`  - ${clip(page.path)}: ${number(page.averageLoadTime)} ms (${number(page.views)} ${page.views === 1 ? 'view' : 'views'})`);
  if (input.showErrors) {
    lines.push('', `New errors: ${number(week.newErrors.total)}`);
    for (const error of week.newErrors.errors) {
      lines.push(`  - ${clip(`${error.name}: ${error.message}`)} (${number(error.occurrences)} ${error.occurrences === 1 ? 'time' : 'times'}, ${number(error.sessions)} ${error.sessions === 1 ? 'session' : 'sessions'})`);
      lines.push(`    ${links.error(error.errorId)}`);
    }
  }
  lines.push('', `Sessions: ${links.sessions}`, `Dashboard: ${links.dashboard}`);
  if (input.showErrors) lines.push(`Errors: ${links.errors}`);
  return lines;
}

const COLORS = { good: '#1a7f37', bad: '#cf222e', flat: '#57606a' };

function trendColor(f: Figure): string {
  const { direction } = trendOf(f.trend);
  if (direction === 'flat') return COLORS.flat;
  return (direction === 'up') === f.upIsGood ? COLORS.good : COLORS.bad;
}

function listHtml(title: string, rows: string[], empty: string, more?: string): string {
  const items = rows.length ? rows.map((row) => `<li style="margin: 2px 0">${row}</li>`).join('') : `<li style="margin: 2px 0; color: #57606a">${escapeHtml(empty)}</li>`;
  return `<h3 style="margin: 16px 0 4px; font-size: 14px">${escapeHtml(title)}</h3><ul style="margin: 0; padding-left: 18px">${items}</ul>${more ?? ''}`;
}

function projectHtml(week: ProjectWeek, input: ReportMailInput): string {
  const links = projectLinks(input.appUrl, week.project.id);
  const a = (href: string, text: string) => `<a href="${escapeHtml(href)}" style="color: #0969da">${escapeHtml(text)}</a>`;
  const cells = figuresOf(week, input)
    .map((f) => {
      const trend = trendOf(f.trend);
      return `<td style="padding: 8px 16px 8px 0; vertical-align: top">
  <div style="font-size: 12px; color: #57606a">${a(f.link, f.label)}</div>
  <div style="font-size: 22px; font-weight: bold">${number(f.trend.current)}</div>
  <div style="font-size: 12px; color: ${trendColor(f)}">${escapeHtml(trend.words)} <span style="color: #57606a">vs ${number(f.trend.previous)}</span></div>
</td>`;
    })
    .join('');
  const issues = week.topIssues.map((i) => `${escapeHtml(i.name)}: <b>${number(i.sessions)}</b> ${i.sessions === 1 ? 'session' : 'sessions'}`);
  const pages = week.slowestPages.map((p) => `${escapeHtml(clip(p.path))}: <b>${number(p.averageLoadTime)} ms</b> (${number(p.views)} ${p.views === 1 ? 'view' : 'views'})`);
  const errors = week.newErrors.errors.map(
    (e) => `${a(links.error(e.errorId), clip(`${e.name}: ${e.message}`))} — ${number(e.occurrences)} ${e.occurrences === 1 ? 'time' : 'times'}, ${number(e.sessions)} ${e.sessions === 1 ? 'session' : 'sessions'}`,
  );
  const moreErrors = week.newErrors.total > week.newErrors.errors.length ? `<p style="margin: 4px 0 0; font-size: 12px">${a(links.errors, `All ${number(week.newErrors.total)} new errors`)}</p>` : '';
  return `<div style="border: 1px solid #d0d7de; border-radius: 6px; padding: 16px; margin: 16px 0">
<h2 style="margin: 0; font-size: 18px">${escapeHtml(week.project.name)} <span style="font-weight: normal; color: #57606a; font-size: 13px">${escapeHtml(week.project.host)}</span></h2>
<table cellpadding="0" cellspacing="0" style="border-collapse: collapse; margin-top: 8px"><tr>${cells}</tr></table>
${listHtml('Top issues', issues, 'none')}
${listHtml('Slowest pages (average load time)', pages, 'no page load times recorded')}
${input.showErrors ? listHtml(`New errors (${number(week.newErrors.total)})`, errors, 'none', moreErrors) : ''}
<p style="margin: 12px 0 0; font-size: 13px">${a(links.sessions, 'Sessions')} · ${a(links.dashboard, 'Dashboard')}${input.showErrors ? ` · ${a(links.errors, 'Errors')}` : ''}</p>
</div>`;
}

export function reportMail(input: ReportMailInput): ReportMail {
  const title = weekTitle(input.firstDay, input.lastDay);
  const settings = `${input.appUrl}/client/notifications`;
  const intro = `Hello ${input.recipientName}, here is how your projects did from Monday to Sunday, ${title} (${input.timeZone}), compared with the week before.`;
  const text = [
    `Weekly report: ${title}`,
    '',
    intro,
    '',
    ...input.projects.flatMap((week) => [...projectText(week, input), '']),
    `You receive this mail because your weekly report is on. Turn it off in Preferences › Notifications: ${settings}`,
    '',
  ].join('\n');
  const html = `<!doctype html><html><body style="margin: 0; padding: 16px; font-family: -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif; color: #1f2328; font-size: 14px">
<div style="max-width: 640px; margin: 0 auto">
<h1 style="font-size: 20px; margin: 0 0 8px">Weekly report: ${escapeHtml(title)}</h1>
<p style="margin: 0">${escapeHtml(intro)}</p>
${input.projects.map((week) => projectHtml(week, input)).join('\n')}
<p style="font-size: 12px; color: #57606a">You receive this mail because your weekly report is on. <a href="${escapeHtml(settings)}" style="color: #0969da">Turn it off in Preferences › Notifications</a>.</p>
</div>
</body></html>`;
  return { subject: `Weekly report: ${title}`, text, html };
}
