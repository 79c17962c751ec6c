import { describe, expect, it } from 'vitest';
import { appearanceFlagOn, selectFills } from '@cassette/plugin-sdk/ui';
import { sessionsSlots } from '@cassette/plugin-sessions/api';
import syntheticUi from './ui.js';

describe('synthetic UI plugin and the appearance (spec part 2 §6)', () => {
  it('puts the tests pages behind the tests flag and a run behind the runs flag', () => {
    expect(syntheticUi.pages?.map((p) => [p.path, p.appearance])).toEqual([
      ['/:siteId/tests', 'tests'],
      ['/:siteId/test-builder', 'tests'],
      ['/:siteId/tests/runs/:runId', 'runs'],
      ['/:siteId/tests/settings', 'tests'],
      ['/:siteId/tests/schedulers', 'tests'],
    ]);
    expect(syntheticUi.navItems?.map((n) => n.appearance)).toEqual(['tests']);
  });

  it("offers Generate test in the player only while the member's appearance shows tests", () => {
    const fills = syntheticUi.fills ?? [];
    const shows = (appearance: Record<string, unknown>) => (flag: Parameters<typeof appearanceFlagOn>[1]) => appearanceFlagOn(appearance, flag);
    expect(selectFills(fills, sessionsSlots.playerHeaderActions, () => true, shows({ role: 'dev' }))).toHaveLength(0);
    expect(selectFills(fills, sessionsSlots.playerHeaderActions, () => true, shows({ role: 'CUSTOM', tests: true }))).toHaveLength(1);
  });
});
