import { describe, expect, it } from 'vitest';
import notificationsUi from './ui.js';

describe('notifications UI plugin', () => {
  it('puts the announcements bell before the alerts bell in the top bar', () => {
    expect(notificationsUi.id).toBe('notifications');
    const items = [...(notificationsUi.topBarItems ?? [])].sort((a, b) => a.order - b.order);
    expect(items.map((i) => i.id)).toEqual(['notifications.announcements', 'notifications.alerts']);
    expect(items.every((i) => typeof i.component === 'function')).toBe(true);
  });
});
