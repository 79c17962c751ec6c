import { describe, expect, it } from 'vitest';
import { appearanceFlagOn, selectFills } from '@cassette/plugin-sdk/ui';
import { sessionsSlots } from '@cassette/plugin-sessions/api';
import assistUi from './ui.js';

const shows = (appearance: Record<string, unknown>) => (flag: Parameters<typeof appearanceFlagOn>[1]) => appearanceFlagOn(appearance, flag);

describe('assist UI plugin and the appearance (spec part 2 §6)', () => {
  it("shows the sessions list's Live tab only while the member's appearance shows live sessions", () => {
    const fills = assistUi.fills ?? [];
    expect(selectFills(fills, sessionsSlots.listTabs, () => true, shows({ role: 'qa' }))).toHaveLength(0);
    expect(selectFills(fills, sessionsSlots.listTabs, () => true, shows({ role: 'CUSTOM', sessionsLive: true })).map((f) => f.label)).toEqual(['Live']);
  });

  it('puts the Assist entry, the live list and the live session page behind the same flag', () => {
    expect(assistUi.navItems?.map((n) => [n.id, n.appearance])).toEqual([['assist', 'sessionsLive']]);
    expect(assistUi.pages?.find((p) => p.path === '/:siteId/assist')?.appearance).toBe('sessionsLive');
    const livePage = assistUi.pages?.find((p) => p.path === '/:siteId/assist/:sessionId');
    expect([livePage?.appearance, livePage?.permission, livePage?.notAllowed]).toEqual(['sessionsLive', 'ASSIST_LIVE', 'live']);
  });
});
