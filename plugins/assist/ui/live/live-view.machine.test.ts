import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { JUMP_BACK_MS, liveViewMachine } from './live-view.machine.js';

const T0 = 1_700_000_000_000;

function started() {
  const actor = createActor(liveViewMachine).start();
  actor.send({ type: 'RECEIVED', start: T0, end: T0 + 60_000 });
  return actor;
}

describe('the live view: live, and looking back within the same view', () => {
  it('starts live, and cannot look back before anything was received', () => {
    const actor = createActor(liveViewMachine).start();
    expect(actor.getSnapshot().value).toBe('live');
    actor.send({ type: 'JUMP_BACK', at: T0 });
    expect(actor.getSnapshot().value).toBe('live');
  });

  it('jumps back into what was received, playing from there, and clamps to its start', () => {
    const actor = started();
    actor.send({ type: 'JUMP_BACK', at: T0 + 60_000 - JUMP_BACK_MS });
    expect(actor.getSnapshot().value).toEqual({ review: 'playing' });
    expect(actor.getSnapshot().context.at).toBe(T0 + 50_000);
    const moves = actor.getSnapshot().context.moves;
    actor.send({ type: 'JUMP_BACK', at: T0 - 99_000 });
    expect(actor.getSnapshot().context).toMatchObject({ at: T0, moves: moves + 1 });
  });

  it('a jump to the newest moment stays live', () => {
    const actor = started();
    actor.send({ type: 'JUMP_BACK', at: T0 + 60_000 });
    expect(actor.getSnapshot().value).toBe('live');
  });

  it('pauses, seeks and plays while looking back; its clock follows the replay', () => {
    const actor = started();
    actor.send({ type: 'JUMP_BACK', at: T0 + 10_000 });
    actor.send({ type: 'TICK', at: T0 + 12_000 });
    expect(actor.getSnapshot().context.at).toBe(T0 + 12_000);
    actor.send({ type: 'PAUSE' });
    expect(actor.getSnapshot().value).toEqual({ review: 'paused' });
    actor.send({ type: 'SEEK', at: T0 + 30_000 });
    expect(actor.getSnapshot()).toMatchObject({ value: { review: 'paused' }, context: { at: T0 + 30_000 } });
    // A stray tick of a paused replay does not move it.
    actor.send({ type: 'TICK', at: T0 + 31_000 });
    expect(actor.getSnapshot().context.at).toBe(T0 + 30_000);
    actor.send({ type: 'PLAY' });
    expect(actor.getSnapshot().value).toEqual({ review: 'playing' });
  });

  it('returns to live on "Go live" or when the look back catches up, and keeps the span growing meanwhile', () => {
    const actor = started();
    actor.send({ type: 'JUMP_BACK', at: T0 + 10_000 });
    actor.send({ type: 'RECEIVED', start: T0, end: T0 + 70_000 });
    expect(actor.getSnapshot().context.end).toBe(T0 + 70_000);
    actor.send({ type: 'GO_LIVE' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'live', context: { at: null } });
    actor.send({ type: 'JUMP_BACK', at: T0 + 65_000 });
    actor.send({ type: 'CAUGHT_UP' });
    expect(actor.getSnapshot().value).toBe('live');
  });
});
