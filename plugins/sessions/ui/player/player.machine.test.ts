import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { playerMachine, SEEK_STEP_MS, type LoadProgress, type PlayerInput } from './player.machine.js';

function start(input: PlayerInput = {}) {
  const effects = {
    startReplay: vi.fn(),
    pauseReplay: vi.fn(),
    applySpeed: vi.fn(),
    applySkipInactivity: vi.fn(),
    requestTime: vi.fn(),
    markViewed: vi.fn(),
    goToNextSession: vi.fn(),
  };
  // Effects receive the context at the time they run: record the time they were asked for.
  const at = (fn: (seen: unknown) => void) => ({ context }: { context: { currentTime: number; pendingTime: number | null; speed: number; skipInactivity: boolean } }) =>
    fn({ currentTime: context.currentTime, pendingTime: context.pendingTime, speed: context.speed, skipInactivity: context.skipInactivity });
  const machine = playerMachine.provide({
    actions: {
      startReplay: at(effects.startReplay),
      pauseReplay: at(effects.pauseReplay),
      applySpeed: at(effects.applySpeed),
      applySkipInactivity: at(effects.applySkipInactivity),
      requestTime: at(effects.requestTime),
      markViewed: () => effects.markViewed(),
      goToNextSession: () => effects.goToNextSession(),
    },
  });
  const actor = createActor(machine, { input: { duration: 60_000, ...input } }).start();
  return { actor, effects, state: () => actor.getSnapshot().value, ctx: () => actor.getSnapshot().context };
}

const progress = (p: Partial<LoadProgress>): { type: 'PROGRESS' } & LoadProgress => ({
  type: 'PROGRESS',
  playable: [],
  loaded: [],
  complete: false,
  lastEventTime: 0,
  ...p,
});
/** The first 20 s are in; more is coming. */
const firstPart = progress({ playable: [{ start: 0, end: 20_000 }], loaded: [{ start: 0, end: 20_000 }], lastEventTime: 19_000 });
const everything = progress({ playable: [{ start: 0, end: 60_000 }], loaded: [{ start: 0, end: 60_000 }], complete: true, lastEventTime: 59_000 });

describe('player machine: loading', () => {
  it('waits in loading until a first frame can be shown, then is ready and paused at it', () => {
    const p = start();
    expect(p.state()).toBe('loading');
    p.actor.send(progress({ loaded: [{ start: 0, end: 3_000 }] }));
    expect(p.state()).toBe('loading');
    expect(p.ctx().loaded).toEqual([{ start: 0, end: 3_000 }]);
    p.actor.send(progress({ playable: [{ start: 1_500, end: 9_000 }], loaded: [{ start: 0, end: 9_000 }] }));
    expect(p.state()).toBe('ready');
    expect(p.ctx().currentTime).toBe(1_500);
    expect(p.effects.pauseReplay).toHaveBeenLastCalledWith(expect.objectContaining({ currentTime: 1_500 }));
  });

  it('a seek before the first frame waits for that moment, then shows it paused', () => {
    const p = start();
    p.actor.send({ type: 'SEEK', time: 30_000 });
    expect(p.state()).toBe('buffering');
    expect(p.effects.requestTime).toHaveBeenLastCalledWith(expect.objectContaining({ pendingTime: 30_000 }));
    p.actor.send(firstPart);
    expect(p.state()).toBe('buffering');
    p.actor.send(everything);
    expect(p.state()).toBe('paused');
    expect(p.ctx().currentTime).toBe(30_000);
  });

  it('goes to error on a failed load and back to loading on retry', () => {
    const p = start();
    p.actor.send({ type: 'LOAD_FAILED', message: 'This session has no recording yet.' });
    expect(p.state()).toBe('error');
    expect(p.ctx().error).toBe('This session has no recording yet.');
    p.actor.send(firstPart);
    expect(p.state()).toBe('error');
    p.actor.send({ type: 'RETRY' });
    expect(p.state()).toBe('loading');
    expect(p.ctx().error).toBeNull();
  });

  it('a failure during playback also stops in error', () => {
    const p = start();
    p.actor.send(firstPart);
    p.actor.send({ type: 'PLAY' });
    p.actor.send({ type: 'LOAD_FAILED', message: 'Connection error' });
    expect(p.state()).toBe('error');
  });

  it('the duration is at least the last loaded event', () => {
    const p = start({ duration: 10_000 });
    p.actor.send(progress({ playable: [{ start: 0, end: 12_000 }], lastEventTime: 12_000 }));
    expect(p.ctx().duration).toBe(12_000);
    p.actor.send({ type: 'SET_DURATION', duration: 30_000 });
    expect(p.ctx().duration).toBe(30_000);
  });
});

describe('player machine: play, pause, seek', () => {
  it('plays, pauses and toggles, telling the replay where', () => {
    const p = start();
    p.actor.send(firstPart);
    p.actor.send({ type: 'PLAY' });
    expect(p.state()).toBe('playing');
    expect(p.effects.startReplay).toHaveBeenLastCalledWith(expect.objectContaining({ currentTime: 0 }));
    p.actor.send({ type: 'TICK', time: 4_200 });
    expect(p.ctx().currentTime).toBe(4_200);
    p.actor.send({ type: 'PAUSE' });
    expect(p.state()).toBe('paused');
    expect(p.effects.pauseReplay).toHaveBeenLastCalledWith(expect.objectContaining({ currentTime: 4_200 }));
    p.actor.send({ type: 'TOGGLE_PLAY' });
    expect(p.state()).toBe('playing');
    expect(p.effects.startReplay).toHaveBeenLastCalledWith(expect.objectContaining({ currentTime: 4_200 }));
    p.actor.send({ type: 'TOGGLE_PLAY' });
    expect(p.state()).toBe('paused');
  });

  it('marks the session viewed once, on the first play', () => {
    const p = start();
    p.actor.send(firstPart);
    expect(p.effects.markViewed).not.toHaveBeenCalled();
    p.actor.send({ type: 'PLAY' });
    p.actor.send({ type: 'PAUSE' });
    p.actor.send({ type: 'PLAY' });
    p.actor.send({ type: 'SEEK', time: 1_000 });
    expect(p.effects.markViewed).toHaveBeenCalledTimes(1);
  });

  it('seeks within the loaded part at once, keeping play or pause', () => {
    const p = start();
    p.actor.send(firstPart);
    p.actor.send({ type: 'SEEK', time: 8_000 });
    expect(p.state()).toBe('paused');
    expect(p.ctx().currentTime).toBe(8_000);
    expect(p.effects.pauseReplay).toHaveBeenLastCalledWith(expect.objectContaining({ currentTime: 8_000 }));
    p.actor.send({ type: 'PLAY' });
    p.actor.send({ type: 'SEEK', time: 2_000 });
    expect(p.state()).toBe('playing');
    expect(p.effects.startReplay).toHaveBeenLastCalledWith(expect.objectContaining({ currentTime: 2_000 }));
    p.actor.send({ type: 'SEEK_BY', delta: SEEK_STEP_MS });
    expect(p.ctx().currentTime).toBe(7_000);
    p.actor.send({ type: 'SEEK_BY', delta: -3 * SEEK_STEP_MS });
    expect(p.ctx().currentTime).toBe(0);
    p.actor.send({ type: 'SEEK', time: -50 });
    expect(p.ctx().currentTime).toBe(0);
  });

  it('buffers a seek beyond the loaded part, asks the loader for it, and resumes when it arrives', () => {
    const p = start();
    p.actor.send(firstPart);
    p.actor.send({ type: 'PLAY' });
    p.actor.send({ type: 'SEEK', time: 45_000 });
    expect(p.state()).toBe('buffering');
    expect(p.effects.requestTime).toHaveBeenLastCalledWith(expect.objectContaining({ pendingTime: 45_000 }));
    p.actor.send(progress({ playable: [{ start: 0, end: 30_000 }], lastEventTime: 30_000 }));
    expect(p.state()).toBe('buffering');
    p.actor.send(progress({ playable: [{ start: 0, end: 30_000 }, { start: 40_000, end: 50_000 }], lastEventTime: 50_000 }));
    expect(p.state()).toBe('playing');
    expect(p.ctx().currentTime).toBe(45_000);
    expect(p.effects.startReplay).toHaveBeenLastCalledWith(expect.objectContaining({ currentTime: 45_000 }));
  });

  it('a paused seek beyond the loaded part stays paused once it arrives; play while buffering plays', () => {
    const p = start();
    p.actor.send(firstPart);
    p.actor.send({ type: 'SEEK', time: 50_000 });
    expect(p.state()).toBe('buffering');
    p.actor.send(everything);
    expect(p.state()).toBe('paused');
    expect(p.ctx().currentTime).toBe(50_000);

    const q = start();
    q.actor.send(firstPart);
    q.actor.send({ type: 'SEEK', time: 50_000 });
    q.actor.send({ type: 'TOGGLE_PLAY' });
    q.actor.send(everything);
    expect(q.state()).toBe('playing');
  });

  it('playback reaching the end of what is loaded waits, then goes on', () => {
    const p = start();
    p.actor.send(firstPart);
    p.actor.send({ type: 'PLAY' });
    p.actor.send({ type: 'TICK', time: 20_500 });
    expect(p.state()).toBe('buffering');
    expect(p.effects.pauseReplay).toHaveBeenLastCalledWith(expect.objectContaining({ currentTime: 20_500 }));
    p.actor.send(everything);
    expect(p.state()).toBe('playing');
    expect(p.ctx().currentTime).toBe(20_500);

    const q = start();
    q.actor.send(firstPart);
    q.actor.send({ type: 'PLAY' });
    q.actor.send({ type: 'TICK', time: 19_000 });
    q.actor.send({ type: 'REPLAY_FINISHED' });
    expect(q.state()).toBe('buffering');
    expect(q.ctx().pendingTime).toBe(20_001);
    q.actor.send(everything);
    expect(q.state()).toBe('playing');
    expect(q.ctx().currentTime).toBe(20_001);
  });
});

describe('player machine: end, speed, skip inactivity, autoplay', () => {
  it('ends when the replay finishes with everything loaded; play starts over', () => {
    const p = start();
    p.actor.send(everything);
    p.actor.send({ type: 'PLAY' });
    p.actor.send({ type: 'TICK', time: 59_000 });
    p.actor.send({ type: 'REPLAY_FINISHED' });
    expect(p.state()).toBe('ended');
    expect(p.ctx().currentTime).toBe(60_000);
    expect(p.ctx().autoplayNext).toBe(false);
    p.actor.send({ type: 'PLAY' });
    expect(p.state()).toBe('playing');
    expect(p.effects.startReplay).toHaveBeenLastCalledWith(expect.objectContaining({ currentTime: 0 }));
  });

  it('a seek after the end pauses there', () => {
    const p = start();
    p.actor.send(everything);
    p.actor.send({ type: 'PLAY' });
    p.actor.send({ type: 'REPLAY_FINISHED' });
    p.actor.send({ type: 'SEEK', time: 30_000 });
    expect(p.state()).toBe('paused');
    expect(p.ctx().currentTime).toBe(30_000);
  });

  it('changes speed and skip inactivity in any state and applies them', () => {
    const p = start();
    p.actor.send({ type: 'SET_SPEED', speed: 4 });
    expect(p.ctx().speed).toBe(4);
    p.actor.send(firstPart);
    p.actor.send({ type: 'PLAY' });
    p.actor.send({ type: 'SET_SPEED', speed: 0.5 });
    expect(p.effects.applySpeed).toHaveBeenLastCalledWith(expect.objectContaining({ speed: 0.5 }));
    expect(p.state()).toBe('playing');
    expect(p.ctx().skipInactivity).toBe(false);
    p.actor.send({ type: 'TOGGLE_SKIP_INACTIVITY' });
    expect(p.ctx().skipInactivity).toBe(true);
    expect(p.effects.applySkipInactivity).toHaveBeenLastCalledWith(expect.objectContaining({ skipInactivity: true }));
    p.actor.send({ type: 'TOGGLE_SKIP_INACTIVITY' });
    expect(p.ctx().skipInactivity).toBe(false);
  });

  it('with autoplay on, the end asks for the next session', () => {
    const p = start({ autoplay: true, nextSessionId: 'next-1' });
    p.actor.send(everything);
    p.actor.send({ type: 'PLAY' });
    p.actor.send({ type: 'REPLAY_FINISHED' });
    expect(p.state()).toBe('ended');
    expect(p.ctx().autoplayNext).toBe(true);
    expect(p.effects.goToNextSession).toHaveBeenCalledTimes(1);
  });

  it('no autoplay without a next session, or with autoplay turned off', () => {
    const last = start({ autoplay: true, nextSessionId: null });
    last.actor.send(everything);
    last.actor.send({ type: 'PLAY' });
    last.actor.send({ type: 'REPLAY_FINISHED' });
    expect(last.ctx().autoplayNext).toBe(false);
    expect(last.effects.goToNextSession).not.toHaveBeenCalled();

    const off = start({ autoplay: true, nextSessionId: 'next-1' });
    off.actor.send({ type: 'TOGGLE_AUTOPLAY' });
    off.actor.send(everything);
    off.actor.send({ type: 'PLAY' });
    off.actor.send({ type: 'REPLAY_FINISHED' });
    expect(off.state()).toBe('ended');
    expect(off.effects.goToNextSession).not.toHaveBeenCalled();
  });

  it('an autoplayed session plays as soon as its first frame is in', () => {
    const p = start();
    p.actor.send({ type: 'PLAY' });
    expect(p.state()).toBe('loading');
    p.actor.send(firstPart);
    expect(p.state()).toBe('playing');
  });
});
