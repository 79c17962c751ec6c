import type { AlertChannel, AlertNotice } from '../../api.js';
import { noticeWords } from './notice-words.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail of a notice: the value, the threshold, the period and a link, as text and as simple HTML. */
export function alertMail(notice: AlertNotice): { subject: string; text: string; html: string } {
  const w = noticeWords(notice);
  const lines = [w.valueLine, ...(w.changeLine ? [w.changeLine] : []), w.thresholdLine, `Project: ${notice.projectName}`];
  const ending = notice.kind === 'fired' ? 'The condition holds.' : 'The condition no longer holds.';
  const text = [w.title, '', ...lines, ending, '', `Open the alert: ${notice.link}`, ''].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; color: #222">',
    `<h2 style="margin: 0 0 12px">${escapeHtml(w.title)}</h2>`,
    '<table cellpadding="4" style="border-collapse: collapse">',
    ...lines.map((line) => {
      const [head, ...rest] = line.split(': ');
      return `<tr><th align="left">${escapeHtml(head!)}</th><td>${escapeHtml(rest.join(': '))}</td></tr>`;
    }),
    '</table>',
    `<p>${escapeHtml(ending)}</p>`,
    `<p><a href="${escapeHtml(notice.link)}">Open the alert</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject: w.title, text, html };
}

/** One mail per recipient of the alert's e-mail list, through the kernel's mailer. */
export const emailChannel: AlertChannel = {
  id: 'email',
  messageType: 'email',
  async deliver(notice, recipient, ctx) {
    await ctx.mailer.send({ to: recipient, ...alertMail(notice) });
  },
};
