import { describe, expect, it } from 'vitest';
import { hostSlots } from '@cassette/plugin-sdk/ui';
import { sessionsSlots } from '@cassette/plugin-sessions/api';
import integrationsUi from './ui.js';

describe('integrations UI plugin', () => {
  it('contributes the Integrations tab of Preferences at /client/integrations, open to members (editing is for admins)', () => {
    expect(integrationsUi.id).toBe('integrations');
    expect(integrationsUi.settingsTabs?.map((t) => ({ id: t.id, label: t.label, adminOnly: t.adminOnly }))).toEqual([{ id: 'integrations', label: 'Integrations', adminOnly: undefined }]);
  });

  it("fills the onboarding's Integrations tab, the player's Backend logs panel and timeline markers (Developer Tools) and its header action (Session Replay)", () => {
    const fills = integrationsUi.fills ?? [];
    expect(fills.map((f) => ({ slot: f.slot.id, label: f.label, permission: f.permission }))).toEqual([
      { slot: hostSlots.onboardingIntegrations.id, label: undefined, permission: undefined },
      { slot: sessionsSlots.playerPanels.id, label: 'Backend logs', permission: 'DEV_TOOLS' },
      { slot: sessionsSlots.playerTimelineMarkers.id, label: 'Backend log', permission: 'DEV_TOOLS' },
      { slot: sessionsSlots.playerHeaderActions.id, label: undefined, permission: 'SESSION_REPLAY' },
    ]);
  });
});
