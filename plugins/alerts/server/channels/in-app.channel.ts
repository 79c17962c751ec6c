import type { AlertChannel } from '../../api.js';
import { noticeWords } from './notice-words.js';

/** The alerts bell: a notification for every member who may see the project (filterKey 'alert'). */
export const inAppChannel: AlertChannel = {
  id: 'inApp',
  messageType: null,
  async deliver(notice, _recipient, ctx) {
    const words = noticeWords(notice);
    await ctx.notifications.notify({
      tenantId: notice.tenantId,
      projectId: notice.projectId,
      title: words.title,
      description: words.summary,
      level: notice.kind === 'fired' ? 'warning' : 'info',
      link: notice.path,
      source: 'ALERT',
      sourceId: String(notice.alertId),
      sourceMeta: { kind: notice.kind, value: notice.value, threshold: notice.threshold, compared: notice.compared, periodEnd: notice.periodEnd },
      filterKey: 'alert',
    });
  },
};
