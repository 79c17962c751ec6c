// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderPage } from '@cassette/plugin-sdk/testing/ui';
import type { Notification } from '../api.js';
import { AlertsList, type AlertsListProps } from './alerts-list.js';

const alert: Notification = {
  notificationId: 7,
  level: 'error',
  title: 'JS errors above 10',
  description: 'errors.javascript.count was 14',
  link: '/3/errors',
  viewed: false,
  type: 'alert',
  createdAt: Date.UTC(2026, 10, 21, 21, 5),
  options: { source: 'ALERT', projectId: 3 },
  filterKey: 'alert',
};

afterEach(cleanup);

/** The list as the bell's panel shows it, as markup. */
const render = (props: Partial<AlertsListProps>) =>
  renderPage(
    <AlertsList
      status="ready"
      notifications={[]}
      unviewedCount={0}
      error={null}
      timeZone="UTC"
      onRetry={() => {}}
      onMarkViewed={() => {}}
      onIgnoreAll={() => {}}
      onNavigate={() => {}}
      {...props}
    />,
  ).container.innerHTML;

describe('AlertsList', () => {
  it('shows the spec empty text', () => {
    expect(render({})).toContain('There are no alerts to show.');
  });

  it('shows date and time, level colour, title, description, link and IGNORE ALL', () => {
    const html = render({ notifications: [alert], unviewedCount: 1 });
    expect(html).toContain('Nov 21, 2026, 09:05 PM');
    expect(html).toContain('cs-alert-item--error');
    expect(html).toContain('JS errors above 10');
    expect(html).toContain('errors.javascript.count was 14');
    expect(html).toMatch(/<a[^>]*href="\/3\/errors"/);
    expect(html).toMatch(/<button[^>]*>IGNORE ALL<\/button>/);
  });

  it('disables IGNORE ALL when nothing is unviewed', () => {
    const html = render({ notifications: [{ ...alert, viewed: true }], unviewedCount: 0 });
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>IGNORE ALL<\/button>/);
    expect(html).toContain('cs-alert-item--viewed');
  });

  it('shows a save error above the list', () => {
    expect(render({ notifications: [alert], error: 'Could not update your alerts. Please try again.' })).toContain('role="alert"');
  });
});
