import { describe, expect, it } from 'vitest';
import { createSlot } from '../shared/refs.js';
import { selectFills } from './slot.js';

const panel = createSlot('player.panel');
const other = createSlot('player.other');
const fill = (slot: { id: string; kind: 'slot' }, id: string, order: number, permission?: 'ERRORS' | 'DEV_TOOLS') => ({ slot, id, order, permission });

describe('selectFills', () => {
  const fills = [fill(panel, 'b', 20), fill(panel, 'a', 10, 'DEV_TOOLS'), fill(other, 'c', 1), fill(panel, 'd', 5, 'ERRORS')];
  it('keeps the slot’s fills in order, minus those whose permission is missing', () => {
    expect(selectFills(fills, panel, (p) => p === 'ERRORS').map((f) => f.id)).toEqual(['d', 'b']);
    expect(selectFills(fills, panel, () => true).map((f) => f.id)).toEqual(['d', 'a', 'b']);
  });
  it('hides permissioned fills outside a logged-in shell', () => {
    expect(selectFills(fills, panel, null).map((f) => f.id)).toEqual(['b']);
  });
  it('leaves out fills whose appearance flag the member turned off', () => {
    const live = { slot: panel, id: 'live', order: 1, appearance: 'sessionsLive' as const };
    const withLive = [...fills, live];
    expect(selectFills(withLive, panel, () => true, (flag) => flag !== 'sessionsLive').map((f) => f.id)).toEqual(['d', 'a', 'b']);
    expect(selectFills(withLive, panel, () => true, () => true).map((f) => f.id)).toEqual(['live', 'd', 'a', 'b']);
    // Without an appearance every flag is on.
    expect(selectFills(withLive, panel, () => true).map((f) => f.id)).toEqual(['live', 'd', 'a', 'b']);
  });
});

describe('fillSlot', () => {
  it('keeps the slot and the component, and refuses a component wanting other props', async () => {
    const { fillSlot } = await import('./plugin.js');
    const stack = createSlot<{ sessionId: string }>('player.stack');
    const Stack = ({ sessionId }: { sessionId: string }) => sessionId;
    const made = fillSlot(stack, { id: 'x.stack', component: Stack, order: 1 });
    expect(made.slot).toBe(stack);
    expect(made.component).toBe(Stack);
    const Wrong = ({ errorId }: { errorId: number }) => String(errorId);
    // @ts-expect-error the slot passes { sessionId }, not { errorId }
    fillSlot(stack, { id: 'x.wrong', component: Wrong, order: 2 });
  });
});
