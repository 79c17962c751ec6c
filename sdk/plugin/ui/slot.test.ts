import { describe, expect, it } from 'vitest';
import { selectFills } from './slot.js';

const fill = (slot: string, id: string, order: number, permission?: 'ERRORS' | 'DEV_TOOLS') => ({ slot, id, order, permission });

describe('selectFills', () => {
  const fills = [fill('player.panel', 'b', 20), fill('player.panel', 'a', 10, 'DEV_TOOLS'), fill('other', 'c', 1), fill('player.panel', 'd', 5, 'ERRORS')];
  it('keeps the slot’s fills in order, minus those whose permission is missing', () => {
    expect(selectFills(fills, 'player.panel', (p) => p === 'ERRORS').map((f) => f.id)).toEqual(['d', 'b']);
    expect(selectFills(fills, 'player.panel', () => true).map((f) => f.id)).toEqual(['d', 'a', 'b']);
  });
  it('hides permissioned fills outside a logged-in shell', () => {
    expect(selectFills(fills, 'player.panel', null).map((f) => f.id)).toEqual(['b']);
  });
});
