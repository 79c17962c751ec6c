// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderPage } from '@cassette/plugin-sdk/testing/ui';
import type { Announcement } from '../api.js';
import { AnnouncementsList, type AnnouncementsListProps } from './announcements-list.js';

const welcome: Announcement = {
  announcementId: 1,
  type: 'welcome',
  title: 'Welcome to Cassette',
  description: 'Install the tracker.',
  createdAt: Date.UTC(2026, 10, 21, 12),
  viewed: false,
  buttonText: 'Install the tracker',
  buttonUrl: '/onboarding/installing',
};

afterEach(cleanup);

/** The list as the bell's panel shows it, as markup. */
const render = (props: Partial<AnnouncementsListProps>) =>
  renderPage(
    <AnnouncementsList status="ready" announcements={[]} error={null} timeZone="UTC" onRetry={() => {}} onNavigate={() => {}} {...props} />,
  ).container.innerHTML;

describe('AnnouncementsList', () => {
  it('shows the spec empty text', () => {
    expect(render({})).toContain('There are no announcements to show.');
  });

  it("shows date 'LLL dd, yyyy', title, description and the button link", () => {
    const html = render({ announcements: [welcome] });
    expect(html).toContain('Nov 21, 2026');
    expect(html).toContain('Welcome to Cassette');
    expect(html).toContain('Install the tracker.');
    expect(html).toMatch(/<a[^>]*href="\/onboarding\/installing"[^>]*>Install the tracker<\/a>/);
    expect(html).toContain('cs-announcement--new');
  });

  it('opens other sites in a new tab and drops unsafe links', () => {
    const external = render({ announcements: [{ ...welcome, buttonUrl: 'https://docs.example.org/x', viewed: true }] });
    expect(external).toMatch(/<a[^>]*href="https:\/\/docs.example.org\/x"[^>]*target="_blank"[^>]*rel="noopener noreferrer"/);
    expect(external).not.toContain('cs-announcement--new');
    const unsafe = render({ announcements: [{ ...welcome, buttonUrl: 'javascript:alert(1)' }] });
    expect(unsafe).not.toContain('javascript:');
    expect(unsafe).not.toContain('<a');
  });

  it('shows a spinner while loading and the error with a retry after a failure', () => {
    expect(render({ status: 'loading' })).toContain('cs-spinner');
    const failed = render({ status: 'failed', error: 'Connection error' });
    expect(failed).toContain('Connection error');
    expect(failed).toContain('Try again');
  });
});
