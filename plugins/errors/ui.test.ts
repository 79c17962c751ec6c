import { describe, expect, it } from 'vitest';
import { selectFills } from '@cassette/plugin-sdk/ui';
import { sessionsSlots } from '@cassette/plugin-sessions/api';
import errorsUi from './ui.js';
import { NewErrorsBadge } from './ui/badge/new-errors-badge.js';

describe('errors UI plugin', () => {
  it('offers the list and detail pages behind ERRORS', () => {
    expect(errorsUi.pages?.map((p) => [p.path, p.permission])).toEqual([
      ['/:siteId/errors', 'ERRORS'],
      ['/:siteId/errors/:errorId', 'ERRORS'],
    ]);
  });

  it('puts the new-errors badge on the Errors nav link', () => {
    const [item] = errorsUi.navItems ?? [];
    expect(item).toMatchObject({ id: 'errors', label: 'Errors', permission: 'ERRORS', badge: NewErrorsBadge });
    expect(item!.to(7)).toBe('/7/errors');
  });

  it("fills the player's error stack only for users holding ERRORS", () => {
    const fills = errorsUi.fills ?? [];
    expect(selectFills(fills, sessionsSlots.playerErrorStack, (p) => p === 'ERRORS')).toHaveLength(1);
    expect(selectFills(fills, sessionsSlots.playerErrorStack, (p) => p === 'SESSION_REPLAY')).toHaveLength(0);
  });
});
