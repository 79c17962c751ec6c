import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Replayer } from '@rrweb/replay';
import type { eventWithTime } from '@rrweb/types';
import { ApiError, useApi } from '@cassette/plugin-sdk/ui';
import type { RecordingChunk, RecordingIndex } from '../../shared/recording.js';
import type { Session } from '../../shared/session.js';
import { playMutedWhenSoundIsRefused } from './media-autoplay.js';
import { describeRecordingError, NO_RECORDING_TEXT } from './player-errors.js';
import { playerMachine } from './player.machine.js';
import { RecordingLoader, recordingLength } from './recording-loader.js';
import { fetchAssetToken } from './asset-token.js';
import { createChunkPreparer, type ReplayAssetRoute } from './recording-preparation.js';
import { ReplayDriver, type ReplayerFactory, type ReplayerLike } from './replay-driver.js';
import { recordingIndexFromAnswer } from './session-answer.js';

/** How often the player's clock is read while playing (the panels' contract says about 4 a second). */
const TICK_MS = 250;
const AUTOPLAY_STORAGE_KEY = 'cassette.player.autoplay';

/** rrweb's Replayer, set up to never run recorded code: no canvas replay (it needs scripts in the iframe). */
const createReplayer: ReplayerFactory = (events, config) => {
  const replayer = new Replayer(events as unknown as eventWithTime[], {
    root: config.root,
    speed: config.speed,
    skipInactive: config.skipInactive,
    UNSAFE_replayCanvas: false,
    showWarning: false,
    triggerFocus: false,
    pauseAnimation: true,
  });
  playMutedWhenSoundIsRefused(replayer.iframe.contentWindow as (Window & typeof globalThis) | null);
  return replayer as unknown as ReplayerLike;
};

export function readAutoplay(): boolean {
  try {
    return globalThis.localStorage?.getItem(AUTOPLAY_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberAutoplay(on: boolean): void {
  try {
    globalThis.localStorage?.setItem(AUTOPLAY_STORAGE_KEY, on ? '1' : '0');
  } catch {
    // Storage off: autoplay is just not remembered.
  }
}

/** Scales the recorded viewport to fit the replay area, centred. */
function fitReplay(root: HTMLElement, size: { width: number; height: number } | null): void {
  const wrapper = root.querySelector<HTMLElement>('.replayer-wrapper');
  if (!wrapper || !size || size.width <= 0 || size.height <= 0) return;
  const scale = Math.min(root.clientWidth / size.width, root.clientHeight / size.height);
  if (!Number.isFinite(scale) || scale <= 0) return;
  const left = Math.max(0, (root.clientWidth - size.width * scale) / 2);
  const top = Math.max(0, (root.clientHeight - size.height * scale) / 2);
  wrapper.style.transformOrigin = '0 0';
  wrapper.style.transform = `translate(${left}px, ${top}px) scale(${scale})`;
}

/** `?jumpto=<epoch ms>` (a link from an error): the moment to open the player at, or null. */
export function readJumpTo(search: string): number | null {
  const text = new URLSearchParams(search).get('jumpto');
  if (text === null || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

/** Player time of an epoch moment, kept inside the session. */
export function jumpTime(jumpTo: number, session: Pick<Session, 'startedAt' | 'duration'>): number {
  return Math.min(Math.max(0, jumpTo - session.startedAt), Math.max(0, session.duration));
}

export interface UseSessionPlayerOptions {
  projectId: number;
  session: Session | null;
  replayRef: RefObject<HTMLDivElement | null>;
  /** Arrived here by autoplay: play as soon as the first frame is in. */
  startPlaying: boolean;
  /** Epoch ms to open at (the moment of an error), or null for the start. */
  jumpTo?: number | null;
  onAutoplayNext(sessionId: string): void;
}

/** Wires the player machine to the recording loader, the Replayer and the API. */
export function useSessionPlayer({ projectId, session, replayRef, startPlaying, jumpTo = null, onAutoplayNext }: UseSessionPlayerOptions) {
  const api = useApi();
  const driverRef = useRef<ReplayDriver | null>(null);
  const loaderRef = useRef<RecordingLoader | null>(null);
  const sendRef = useRef<(event: Parameters<typeof actorRef.send>[0]) => void>(() => {});
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const onAutoplayNextRef = useRef(onAutoplayNext);
  onAutoplayNextRef.current = onAutoplayNext;
  const [attempt, setAttempt] = useState(0);

  const machine = useMemo(() => {
    // The Replayer may refuse to start (an unsafe sandbox): that is a load failure, reported after the transition.
    const guarded = (effect: () => void) => {
      try {
        effect();
      } catch (error) {
        queueMicrotask(() => sendRef.current({ type: 'LOAD_FAILED', message: describeRecordingError(error) }));
      }
    };
    return playerMachine.provide({
      actions: {
        startReplay: ({ context }) => guarded(() => driverRef.current?.play(context.currentTime)),
        pauseReplay: ({ context }) => guarded(() => driverRef.current?.pause(context.currentTime)),
        applySpeed: ({ context }) => driverRef.current?.setSpeed(context.speed),
        applySkipInactivity: ({ context }) => driverRef.current?.setSkipInactive(context.skipInactivity),
        requestTime: ({ context }) => loaderRef.current?.prioritize(context.pendingTime ?? context.currentTime),
        markViewed: () => {
          const current = sessionRef.current;
          if (!current) return;
          // Best effort: a failed mark must not stop playback.
          api.post(`/${projectId}/sessions2/${encodeURIComponent(current.sessionId)}/viewed`).catch(() => {});
        },
        goToNextSession: ({ context }) => {
          if (context.nextSessionId) onAutoplayNextRef.current(context.nextSessionId);
        },
      },
    });
  }, [api, projectId]);

  const actorRef = useActorRef(machine, { input: { autoplay: readAutoplay(), duration: session?.duration ?? 0 } });
  sendRef.current = (event) => actorRef.send(event);
  const state = useSelector(actorRef, (s) => s.value as string);
  const autoplay = useSelector(actorRef, (s) => s.context.autoplay);

  useEffect(() => {
    if (startPlaying) actorRef.send({ type: 'PLAY' });
  }, [actorRef, startPlaying]);

  useEffect(() => rememberAutoplay(autoplay), [autoplay]);

  const jumpedRef = useRef(false);
  useEffect(() => {
    if (!session) return;
    actorRef.send({ type: 'SET_DURATION', duration: session.duration });
    actorRef.send({ type: 'SET_NEXT_SESSION', nextSessionId: session.nextSessionId });
    // Once the duration is known (a seek is clamped to it), and only once per session.
    if (jumpTo !== null && !jumpedRef.current) {
      jumpedRef.current = true;
      actorRef.send({ type: 'SEEK', time: jumpTime(jumpTo, session) });
    }
  }, [actorRef, session, jumpTo]);

  const sessionId = session?.sessionId ?? null;
  useEffect(() => {
    const root = replayRef.current;
    const current = sessionRef.current;
    if (!root || !current || !sessionId) return;
    const send = (event: Parameters<typeof actorRef.send>[0]) => actorRef.send(event);
    const fail = (error: unknown) => send({ type: 'LOAD_FAILED', message: describeRecordingError(error) });
    const path = `/${projectId}/sessions2/${encodeURIComponent(sessionId)}/recording`;
    let lastSize: { width: number; height: number } | null = null;
    let driver: ReplayDriver | null = null;
    const assets: ReplayAssetRoute = { projectId, appOrigin: globalThis.location?.origin ?? null, token: null };
    // Asked for alongside the index: chunks are prepared only once the index is in, so every
    // asset URL they get carries the token (or none, if it could not be had: assets show broken).
    const tokenReady = fetchAssetToken(api, projectId).then((token) => {
      assets.token = token;
    });
    const loader = new RecordingLoader({
      source: {
        fetchIndex: () => Promise.all([api.get<RecordingIndex>(path), tokenReady]).then(([answer]) => recordingIndexFromAnswer(answer)),
        fetchChunk: (seq) => api.get<RecordingChunk>(`${path}/${seq}`),
      },
      prepare: createChunkPreparer(current, assets),
      onIndex: (index) => {
        if (!index.chunks.some((c) => c.hasFullSnapshot)) {
          fail(new ApiError(404, [NO_RECORDING_TEXT]));
          loader.stop();
          return;
        }
        // The index knows where the recording ends before any chunk is in: the timeline spans it all.
        send({ type: 'SET_DURATION', duration: recordingLength(index) });
        driver = new ReplayDriver({
          store: loader,
          startedAt: index.startedAt,
          root,
          create: createReplayer,
          onFinish: () => send({ type: 'REPLAY_FINISHED' }),
          onResize: (size) => {
            lastSize = size;
            fitReplay(root, size);
          },
        });
        const snapshot = actorRef.getSnapshot();
        driver.setSpeed(snapshot.context.speed);
        driver.setSkipInactive(snapshot.context.skipInactivity);
        driverRef.current = driver;
        // A seek asked for before the index was known: fetch for it first.
        if (snapshot.value === 'buffering' && snapshot.context.pendingTime !== null) loader.prioritize(snapshot.context.pendingTime);
      },
      onChunk: (position) => driver?.chunkArrived(position),
      onProgress: (progress) => send({ type: 'PROGRESS', ...progress }),
      onError: fail,
    });
    loaderRef.current = loader;
    void loader.start();
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => fitReplay(root, lastSize)) : null;
    resize?.observe(root);
    return () => {
      resize?.disconnect();
      loader.stop();
      driver?.destroy();
      driverRef.current = null;
      loaderRef.current = null;
    };
  }, [actorRef, api, projectId, replayRef, sessionId, attempt]);

  useEffect(() => {
    if (state !== 'playing') return;
    const timer = setInterval(() => {
      const time = driverRef.current?.currentTime();
      if (time !== null && time !== undefined) actorRef.send({ type: 'TICK', time });
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [actorRef, state]);

  const retry = useCallback(() => {
    const loader = loaderRef.current;
    actorRef.send({ type: 'RETRY' });
    if (loader?.index && loader.hasFailures) {
      loader.retry();
      actorRef.send({ type: 'PROGRESS', ...loader.progress() });
    } else {
      setAttempt((n) => n + 1);
    }
  }, [actorRef]);

  return { actorRef, retry };
}
