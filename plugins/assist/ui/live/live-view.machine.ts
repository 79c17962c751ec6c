import { assign, setup } from 'xstate';

/** How far "Jump back" goes at a press. */
export const JUMP_BACK_MS = 10_000;

export interface LiveViewContext {
  /** What the agent can look back at: first and newest received event (the visitor's clock); null before the first snapshot. */
  start: number | null;
  end: number | null;
  /** While looking back: the moment shown. */
  at: number | null;
  /** Counts the agent's moves (jump, seek, play, pause): the page repositions the look back when it changes. */
  moves: number;
}

export type LiveViewEvent =
  /** More events arrived: the span the agent can look back at. */
  | { type: 'RECEIVED'; start: number; end: number }
  /** Look back to a moment (from live, or further while looking back). */
  | { type: 'JUMP_BACK'; at: number }
  | { type: 'SEEK'; at: number }
  | { type: 'PLAY' }
  | { type: 'PAUSE' }
  /** The look back's clock moved while playing. */
  | { type: 'TICK'; at: number }
  /** The look back played to the newest event it had: back to live. */
  | { type: 'CAUGHT_UP' }
  | { type: 'GO_LIVE' };

const clamp = (at: number, { start, end }: LiveViewContext) => Math.min(Math.max(at, start ?? at), end ?? at);

/**
 * The live view's two modes: live (the visitor's page as it is now) and looking back (what this
 * view received since it opened, replayed in the same page, playing or still). "Go live" (or
 * playing up to the end) returns to live; the live replay kept running meanwhile.
 */
export const liveViewMachine = setup({
  types: { context: {} as LiveViewContext, events: {} as LiveViewEvent },
  guards: {
    // Only what was received can be looked at; a jump to the newest moment is live itself.
    canLookBack: ({ context, event }) => event.type === 'JUMP_BACK' && context.start !== null && context.end !== null && event.at < context.end,
  },
  actions: {
    moveTo: assign(({ context, event }) => ({ at: 'at' in event ? clamp(event.at, context) : context.at, moves: context.moves + 1 })),
    moved: assign(({ context }) => ({ moves: context.moves + 1 })),
    leave: assign({ at: null }),
  },
}).createMachine({
  id: 'assistLiveView',
  context: { start: null, end: null, at: null, moves: 0 },
  initial: 'live',
  on: {
    RECEIVED: { actions: assign(({ event }) => ({ start: event.start, end: event.end })) },
  },
  states: {
    live: {
      on: { JUMP_BACK: { guard: 'canLookBack', target: 'review.playing', actions: 'moveTo' } },
    },
    review: {
      initial: 'playing',
      on: {
        JUMP_BACK: { actions: 'moveTo' },
        SEEK: { actions: 'moveTo' },
        GO_LIVE: { target: 'live', actions: 'leave' },
        CAUGHT_UP: { target: 'live', actions: 'leave' },
      },
      states: {
        playing: {
          on: {
            PAUSE: { target: 'paused', actions: 'moved' },
            TICK: { actions: assign(({ context, event }) => ({ at: clamp(event.at, context) })) },
          },
        },
        paused: {
          on: { PLAY: { target: 'playing', actions: 'moved' } },
        },
      },
    },
  },
});
