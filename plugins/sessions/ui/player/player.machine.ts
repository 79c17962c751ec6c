import { assign, enqueueActions, setup } from 'xstate';

/** Playback speeds the controls offer. */
export const PLAYER_SPEEDS = [0.5, 1, 2, 4, 8] as const;
export type PlayerSpeed = (typeof PLAYER_SPEEDS)[number];

/** Arrow keys move by this much (ms). */
export const SEEK_STEP_MS = 5_000;

/** A span of player time (ms since the session start), both ends included. */
export interface TimeRange {
  start: number;
  end: number;
}

export interface PlayerContext {
  /** Player time in ms (0 = the recording's start). */
  currentTime: number;
  /** The session duration, at least the last loaded event. */
  duration: number;
  /** Where playback can show the right frame now (a full snapshot and everything after it is in). */
  playable: TimeRange[];
  /** What has been downloaded, for the timeline. */
  loaded: TimeRange[];
  /** Every chunk is in. */
  complete: boolean;
  speed: PlayerSpeed;
  skipInactivity: boolean;
  autoplay: boolean;
  nextSessionId: string | null;
  /** While buffering: the time to show once it is playable. */
  pendingTime: number | null;
  /** While buffering: play (rather than stay paused) once the pending time is playable. */
  resumeAfterBuffer: boolean;
  error: string | null;
  /** The session was marked viewed (on the first play). */
  viewedMarked: boolean;
  /** Set at the end when autoplay moves to the next session. */
  autoplayNext: boolean;
}

export interface PlayerInput {
  autoplay?: boolean;
  speed?: PlayerSpeed;
  skipInactivity?: boolean;
  nextSessionId?: string | null;
  duration?: number;
}

export interface LoadProgress {
  playable: TimeRange[];
  loaded: TimeRange[];
  complete: boolean;
  /** Time of the last loaded event (the duration is at least this). */
  lastEventTime: number;
}

export type PlayerEvent =
  | ({ type: 'PROGRESS' } & LoadProgress)
  | { type: 'SET_DURATION'; duration: number }
  | { type: 'SET_NEXT_SESSION'; nextSessionId: string | null }
  | { type: 'LOAD_FAILED'; message: string }
  | { type: 'RETRY' }
  | { type: 'PLAY' }
  | { type: 'PAUSE' }
  | { type: 'TOGGLE_PLAY' }
  | { type: 'SEEK'; time: number }
  | { type: 'SEEK_BY'; delta: number }
  /** The replay's clock while playing. */
  | { type: 'TICK'; time: number }
  /** The replay ran out of events. */
  | { type: 'REPLAY_FINISHED' }
  | { type: 'SET_SPEED'; speed: PlayerSpeed }
  | { type: 'TOGGLE_SKIP_INACTIVITY' }
  | { type: 'TOGGLE_AUTOPLAY' };

export function isPlayableAt(ranges: readonly TimeRange[], time: number): boolean {
  return ranges.some((r) => r.start <= time && time <= r.end);
}

function clampTime(time: number, duration: number): number {
  if (!Number.isFinite(time)) return 0;
  return Math.min(Math.max(0, time), Math.max(0, duration));
}

function seekTarget(context: PlayerContext, event: PlayerEvent): number {
  if (event.type === 'SEEK') return clampTime(event.time, context.duration);
  if (event.type === 'SEEK_BY') return clampTime(context.currentTime + event.delta, context.duration);
  return context.currentTime;
}

/**
 * The player's behaviour, free of the DOM: the page provides the effects (`startReplay`,
 * `pauseReplay`, `requestTime`, ...) and feeds the loader's progress and the replay's clock in.
 */
/** A seek from a state that is not playing: show the target paused, or wait for its chunks first. */
const SEEK_AND_PAUSE = [
  { guard: 'seekTargetPlayable', target: 'paused', actions: 'assignSeekTime' },
  { target: 'buffering', actions: ['assignPending', 'stayPausedAfterBuffer'] },
] as const;

export const playerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as PlayerInput,
  },
  actions: {
    // Effects: the page implements them with `playerMachine.provide(...)`.
    startReplay: (_: { context: PlayerContext }) => {},
    pauseReplay: (_: { context: PlayerContext }) => {},
    applySpeed: (_: { context: PlayerContext }) => {},
    applySkipInactivity: (_: { context: PlayerContext }) => {},
    /** Asks the loader to fetch what `pendingTime` needs first. */
    requestTime: (_: { context: PlayerContext }) => {},
    markViewed: () => {},
    goToNextSession: (_: { context: PlayerContext }) => {},

    assignProgress: assign(({ context, event }) => {
      if (event.type !== 'PROGRESS') return {};
      return {
        playable: event.playable,
        loaded: event.loaded,
        complete: event.complete,
        duration: Math.max(context.duration, event.lastEventTime),
      };
    }),
    assignDuration: assign(({ context, event }) => (event.type === 'SET_DURATION' ? { duration: Math.max(0, event.duration, context.duration) } : {})),
    assignNextSession: assign(({ event }) => (event.type === 'SET_NEXT_SESSION' ? { nextSessionId: event.nextSessionId } : {})),
    /** The first frame: the start, or the first moment that can be shown. */
    snapToPlayable: assign(({ context }) => {
      if (isPlayableAt(context.playable, context.currentTime)) return {};
      const first = context.playable[0];
      return first ? { currentTime: first.start } : {};
    }),
    assignError: assign(({ event }) => ({ error: event.type === 'LOAD_FAILED' ? event.message : 'The recording could not be loaded.' })),
    clearError: assign({ error: null }),
    assignSeekTime: assign(({ context, event }) => ({ currentTime: seekTarget(context, event), pendingTime: null })),
    assignPending: assign(({ context, event }) => ({ pendingTime: seekTarget(context, event) })),
    keepPlayingAfterBuffer: assign({ resumeAfterBuffer: true }),
    stayPausedAfterBuffer: assign({ resumeAfterBuffer: false }),
    pendCurrentTime: assign(({ context }) => ({ pendingTime: context.currentTime })),
    /** The replay ran out of loaded events: wait for the first moment after what is loaded. */
    pendPastLoaded: assign(({ context }) => {
      const range = context.playable.find((r) => r.start <= context.currentTime && context.currentTime <= r.end);
      return { pendingTime: clampTime(Math.max(context.currentTime, range?.end ?? context.currentTime) + 1, context.duration) };
    }),
    takePendingTime: assign(({ context }) => ({ currentTime: context.pendingTime ?? context.currentTime, pendingTime: null })),
    assignTick: assign(({ context, event }) => (event.type === 'TICK' ? { currentTime: clampTime(event.time, context.duration) } : {})),
    rewindIfEnded: assign(({ context }) => (context.currentTime >= context.duration ? { currentTime: 0 } : {})),
    moveToEnd: assign(({ context }) => ({ currentTime: context.duration })),
    noteViewed: assign({ viewedMarked: true }),
    assignSpeed: assign(({ event }) => (event.type === 'SET_SPEED' ? { speed: event.speed } : {})),
    toggleSkipInactivity: assign(({ context }) => ({ skipInactivity: !context.skipInactivity })),
    toggleAutoplay: assign(({ context }) => ({ autoplay: !context.autoplay })),
    noteAutoplayNext: assign({ autoplayNext: true }),
  },
  guards: {
    progressHasPlayable: ({ event }) => event.type === 'PROGRESS' && event.playable.length > 0,
    seekTargetPlayable: ({ context, event }) => isPlayableAt(context.playable, seekTarget(context, event)),
    currentTimePlayable: ({ context }) => isPlayableAt(context.playable, context.currentTime),
    pendingPlayable: ({ context }) => context.pendingTime !== null && isPlayableAt(context.playable, context.pendingTime),
    pendingPlayableAndResume: ({ context }) => context.resumeAfterBuffer && context.pendingTime !== null && isPlayableAt(context.playable, context.pendingTime),
    tickOutsidePlayable: ({ context, event }) => event.type === 'TICK' && !context.complete && !isPlayableAt(context.playable, clampTime(event.time, context.duration)),
    allLoaded: ({ context }) => context.complete,
    /** Nothing more will come after this point: all is in, or the run being played holds the last chunk. */
    finishedForGood: ({ context }) =>
      context.complete || context.playable.some((r) => r.start <= context.currentTime && context.currentTime <= r.end && r.end >= context.duration),
  },
}).createMachine({
  id: 'sessionPlayer',
  context: ({ input }) => ({
    currentTime: 0,
    duration: Math.max(0, input.duration ?? 0),
    playable: [],
    loaded: [],
    complete: false,
    speed: input.speed ?? 1,
    skipInactivity: input.skipInactivity ?? false,
    autoplay: input.autoplay ?? false,
    nextSessionId: input.nextSessionId ?? null,
    pendingTime: null,
    resumeAfterBuffer: false,
    error: null,
    viewedMarked: false,
    autoplayNext: false,
  }),
  initial: 'loading',
  on: {
    PROGRESS: { actions: 'assignProgress' },
    SET_DURATION: { actions: 'assignDuration' },
    SET_NEXT_SESSION: { actions: 'assignNextSession' },
    LOAD_FAILED: { target: '.error', actions: 'assignError' },
    SET_SPEED: { actions: ['assignSpeed', 'applySpeed'] },
    TOGGLE_SKIP_INACTIVITY: { actions: ['toggleSkipInactivity', 'applySkipInactivity'] },
    TOGGLE_AUTOPLAY: { actions: 'toggleAutoplay' },
  },
  states: {
    loading: {
      on: {
        PROGRESS: [
          { guard: 'progressHasPlayable', target: 'ready', actions: ['assignProgress', 'snapToPlayable'] },
          { actions: 'assignProgress' },
        ],
        // Autoplaying straight from a previous session: play as soon as the first frame is in.
        PLAY: { actions: 'keepPlayingAfterBuffer' },
        TOGGLE_PLAY: { actions: 'keepPlayingAfterBuffer' },
        // A marker clicked before the first frame: wait for that moment instead.
        SEEK: { target: 'buffering', actions: 'assignPending' },
        SEEK_BY: { target: 'buffering', actions: 'assignPending' },
      },
    },
    ready: {
      entry: 'pauseReplay',
      always: { guard: ({ context }) => context.resumeAfterBuffer, target: 'playing', actions: 'stayPausedAfterBuffer' },
      on: {
        PLAY: 'playing',
        TOGGLE_PLAY: 'playing',
        SEEK: SEEK_AND_PAUSE,
        SEEK_BY: SEEK_AND_PAUSE,
      },
    },
    playing: {
      entry: [
        enqueueActions(({ context, enqueue }) => {
          // Viewed is set when a session is played: once, on the first play.
          if (!context.viewedMarked) enqueue('markViewed');
        }),
        'noteViewed',
        'startReplay',
      ],
      on: {
        PAUSE: 'paused',
        TOGGLE_PLAY: 'paused',
        TICK: [
          { guard: 'tickOutsidePlayable', target: 'buffering', actions: ['assignTick', 'pendCurrentTime', 'keepPlayingAfterBuffer'] },
          { actions: 'assignTick' },
        ],
        REPLAY_FINISHED: [
          { guard: 'finishedForGood', target: 'ended' },
          { target: 'buffering', actions: ['pendPastLoaded', 'keepPlayingAfterBuffer'] },
        ],
        SEEK: [
          { guard: 'seekTargetPlayable', target: 'playing', reenter: true, actions: 'assignSeekTime' },
          { target: 'buffering', actions: ['assignPending', 'keepPlayingAfterBuffer'] },
        ],
        SEEK_BY: [
          { guard: 'seekTargetPlayable', target: 'playing', reenter: true, actions: 'assignSeekTime' },
          { target: 'buffering', actions: ['assignPending', 'keepPlayingAfterBuffer'] },
        ],
        SET_SPEED: { actions: ['assignSpeed', 'applySpeed'] },
      },
    },
    paused: {
      entry: 'pauseReplay',
      on: {
        PLAY: 'playing',
        TOGGLE_PLAY: 'playing',
        SEEK: [
          { guard: 'seekTargetPlayable', target: 'paused', reenter: true, actions: 'assignSeekTime' },
          { target: 'buffering', actions: ['assignPending', 'stayPausedAfterBuffer'] },
        ],
        SEEK_BY: [
          { guard: 'seekTargetPlayable', target: 'paused', reenter: true, actions: 'assignSeekTime' },
          { target: 'buffering', actions: ['assignPending', 'stayPausedAfterBuffer'] },
        ],
      },
    },
    /** A seek (or playback) reached time whose chunks are not in yet: wait for the loader. */
    buffering: {
      entry: ['pauseReplay', 'requestTime'],
      always: [
        { guard: 'pendingPlayableAndResume', target: 'playing', actions: 'takePendingTime' },
        { guard: 'pendingPlayable', target: 'paused', actions: 'takePendingTime' },
        // Everything is in and the time still cannot be shown (past the last event): it is the end.
        { guard: 'allLoaded', target: 'ended' },
      ],
      on: {
        PLAY: { actions: 'keepPlayingAfterBuffer' },
        PAUSE: { actions: 'stayPausedAfterBuffer' },
        TOGGLE_PLAY: [{ guard: ({ context }) => context.resumeAfterBuffer, actions: 'stayPausedAfterBuffer' }, { actions: 'keepPlayingAfterBuffer' }],
        SEEK: { target: 'buffering', reenter: true, actions: 'assignPending' },
        SEEK_BY: { target: 'buffering', reenter: true, actions: 'assignPending' },
      },
    },
    ended: {
      entry: [
        'moveToEnd',
        'pauseReplay',
        enqueueActions(({ context, enqueue }) => {
          if (!context.autoplay || context.nextSessionId === null) return;
          enqueue('noteAutoplayNext');
          enqueue('goToNextSession');
        }),
      ],
      on: {
        PLAY: [
          { guard: ({ context }) => isPlayableAt(context.playable, 0), target: 'playing', actions: 'rewindIfEnded' },
          { target: 'buffering', actions: ['rewindIfEnded', 'pendCurrentTime', 'keepPlayingAfterBuffer'] },
        ],
        TOGGLE_PLAY: [
          { guard: ({ context }) => isPlayableAt(context.playable, 0), target: 'playing', actions: 'rewindIfEnded' },
          { target: 'buffering', actions: ['rewindIfEnded', 'pendCurrentTime', 'keepPlayingAfterBuffer'] },
        ],
        SEEK: SEEK_AND_PAUSE,
        SEEK_BY: SEEK_AND_PAUSE,
      },
    },
    error: {
      on: {
        RETRY: { target: 'loading', actions: 'clearError' },
        // A late progress report must not leave the error screen by itself.
        PROGRESS: { actions: 'assignProgress' },
      },
    },
  },
});
