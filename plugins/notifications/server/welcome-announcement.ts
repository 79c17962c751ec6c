import type { NotificationsService } from '../api.js';

/** So a new install has something in the announcements panel, pointing at the first step. */
export const WELCOME_ANNOUNCEMENT = {
  key: 'welcome',
  type: 'welcome',
  title: 'Welcome to Cassette',
  description:
    'To start recording, install the tracker on your website: add the snippet from the onboarding page to your pages ' +
    '(or install the npm package), then open your site in a browser. Recorded sessions then appear under Sessions.',
  buttonText: 'Install the tracker',
  buttonUrl: '/onboarding/installing',
} as const;

export async function postWelcomeAnnouncement(service: NotificationsService, tenantId: number): Promise<void> {
  await service.announce({ tenantId, ...WELCOME_ANNOUNCEMENT });
}
