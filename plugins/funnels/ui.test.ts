import { describe, expect, it } from 'vitest';
import { selectFills } from '@cassette/plugin-sdk/ui';
import { sessionsSlots } from '@cassette/plugin-sessions/api';
import funnelsUi from './ui.js';
import { FunnelsBlockFill } from './ui/sidebar/funnels-block.fill.js';

describe('funnels UI plugin', () => {
  it('offers the funnel, funnel issue and issues sessions pages behind METRICS', () => {
    expect(funnelsUi.pages?.map((p) => [p.path, p.permission])).toEqual([
      ['/:siteId/funnels/:funnelId', 'METRICS'],
      ['/:siteId/funnels/:funnelId/:issueId', 'METRICS'],
      ['/:siteId/funnels/:funnelId/issues', 'METRICS'],
    ]);
  });

  it("fills the sessions list's sidebar only for users holding METRICS", () => {
    const fills = funnelsUi.fills ?? [];
    expect(selectFills(fills, sessionsSlots.listSidebar, (p) => p === 'METRICS').map((f) => f.component)).toEqual([FunnelsBlockFill]);
    expect(selectFills(fills, sessionsSlots.listSidebar, (p) => p === 'SESSION_REPLAY')).toHaveLength(0);
  });
});
