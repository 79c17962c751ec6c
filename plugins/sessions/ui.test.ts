import { describe, expect, it } from 'vitest';
import { selectFills } from '@cassette/plugin-sdk/ui';
import { sessionsSlots } from './api.js';
import sessionsUi from './ui.js';
import { SessionRowsFill } from './ui/list/session-rows.fill.js';

describe('sessions UI plugin', () => {
  it('fills its own sessionRows slot for everyone, so other plugins draw sessions as the list does', () => {
    const fills = sessionsUi.fills ?? [];
    const noPermission = () => false;
    expect(selectFills(fills, sessionsSlots.sessionRows, noPermission).map((f) => f.component)).toEqual([SessionRowsFill]);
  });

  it('leaves the list sidebar to other plugins', () => {
    expect(selectFills(sessionsUi.fills ?? [], sessionsSlots.listSidebar, () => true)).toEqual([]);
  });
});
