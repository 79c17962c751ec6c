import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import '@rrweb/replay/dist/style.css';
import { Button, Loader, NoContent, Slot, useApi, useHost } from '@cassette/plugin-sdk/ui';
import { sessionsSlots } from '../../api.js';
import type { Session } from '../../shared/session.js';
import { BottomBar } from './bottom-bar.js';
import { panelHeightStorageKey } from './panel-split.js';
import { useContributedMarkers } from './contributed-markers.js';
import { usePlayerPanels } from './contributed-panels.js';
import { PlayerControls } from './player-controls.js';
import { describeSessionError } from './player-errors.js';
import { playerShortcut } from './player-shortcuts.js';
import { SEEK_STEP_MS } from './player.machine.js';
import { SessionHeader } from './session-header.js';
import { SoundRefusedNote } from './sound-refused-note.js';
import { Timeline } from './timeline.js';
import { buildMarkers, thinMarkers } from './timeline-markers.js';
import { readJumpTo, useSessionPlayer } from './use-session-player.js';
import './session-player.css';
import { sessionFromAnswer } from './session-answer.js';
import { HeatmapBar, useHeatmap } from '../heatmap/heatmap-bar.js';
import { HeatmapLayer } from '../heatmap/heatmap-layer.js';
import { pageAt, snapshotTime } from '../heatmap/heatmap-page.js';
import { TargetBar, TargetLayer, useTargets, type DefinerView } from '../targets/target-definer.js';
import '../heatmap/heatmap.css';

const NO_TARGETS: never[] = [];

/** `/:siteId/session/:sessionId`: the session player (spec part 2 §2). */
export default function SessionPlayerPage() {
  const { siteId = '', sessionId = '' } = useParams();
  // A fresh player for every session: nothing of the previous one (machine, Replayer, chunks) carries over.
  return <SessionPlayer key={sessionId} siteId={siteId} sessionId={sessionId} />;
}

function SessionPlayer({ siteId, sessionId }: { siteId: string; sessionId: string }) {
  const api = useApi();
  const { account, currentProject, hasPermission } = useHost();
  const navigate = useNavigate();
  const location = useLocation();
  const projectId = currentProject?.id ?? Number(siteId);
  const [session, setSession] = useState<Session | null>(null);
  const [sessionError, setSessionError] = useState<string | null>(null);
  const [sessionAttempt, setSessionAttempt] = useState(0);
  const replayRef = useRef<HTMLDivElement>(null);
  const areaRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const panels = usePlayerPanels(projectId);

  useEffect(() => {
    let cancelled = false;
    setSessionError(null);
    api
      .get<Session>(`/${projectId}/sessions2/${encodeURIComponent(sessionId)}`)
      .then((s) => !cancelled && setSession(sessionFromAnswer(s)))
      .catch((e: unknown) => !cancelled && setSessionError(describeSessionError(e)));
    return () => {
      cancelled = true;
    };
  }, [api, projectId, sessionId, sessionAttempt]);

  const goToSession = useCallback(
    (id: string | null | undefined, autoplayed = false) => {
      if (id) navigate(`/${siteId}/session/${encodeURIComponent(id)}`, autoplayed ? { state: { autoplay: true } } : undefined);
    },
    [navigate, siteId],
  );

  const startPlaying = (location.state as { autoplay?: boolean } | null)?.autoplay === true;
  const jumpTo = useMemo(() => readJumpTo(location.search), [location.search]);
  const { actorRef, retry } = useSessionPlayer({
    projectId,
    session,
    replayRef,
    startPlaying,
    jumpTo,
    onAutoplayNext: (id) => goToSession(id, true),
  });
  const state = useSelector(actorRef, (s) => s.value as string);
  const context = useSelector(actorRef, (s) => s.context);
  const ownMarkers = useMemo(() => (session ? buildMarkers(session) : []), [session]);
  const contributed = useContributedMarkers(projectId, session);
  const markers = useMemo(
    () => thinMarkers(contributed.markers.length === 0 ? ownMarkers : [...ownMarkers, ...contributed.markers].sort((a, b) => a.time - b.time), context.duration),
    [ownMarkers, contributed.markers, context.duration],
  );
  const seek = useCallback((time: number) => actorRef.send({ type: 'SEEK', time }), [actorRef]);

  // `?heatmap=<url>` (the sessions list's "Heatmap of this page") opens the player on that page with its heatmap.
  const [heatmapUrl, setHeatmapUrl] = useState<string | null>(() => new URLSearchParams(location.search).get('heatmap'));
  const heatmap = useHeatmap(projectId, heatmapUrl);
  const heatmapShownFor = useRef<string | null>(null);
  useEffect(() => {
    if (!session || heatmapUrl === null || heatmapShownFor.current === heatmapUrl) return;
    heatmapShownFor.current = heatmapUrl;
    const time = snapshotTime(session.events, heatmapUrl, actorRef.getSnapshot().context.currentTime);
    actorRef.send({ type: 'PAUSE' });
    if (time !== null) actorRef.send({ type: 'SEEK', time });
  }, [actorRef, session, heatmapUrl]);
  const toggleHeatmap = useCallback(() => {
    if (heatmapUrl !== null) {
      heatmapShownFor.current = null;
      setHeatmapUrl(null);
      return;
    }
    if (session) setHeatmapUrl(pageAt(session.events, actorRef.getSnapshot().context.currentTime));
  }, [actorRef, heatmapUrl, session]);

  // The target definer, for the page shown when it was opened; the replay holds still meanwhile.
  const [targetsUrl, setTargetsUrl] = useState<string | null>(null);
  const [definerView, setDefinerView] = useState<DefinerView>({ showTargets: true, inspecting: false });
  const [picked, setPicked] = useState<{ path: string; label: string } | null>(null);
  const targets = useTargets(projectId, targetsUrl);
  const toggleTargets = useCallback(() => {
    setPicked(null);
    setDefinerView({ showTargets: true, inspecting: false });
    if (targetsUrl !== null || !session) return setTargetsUrl(null);
    actorRef.send({ type: 'PAUSE' });
    setTargetsUrl(pageAt(session.events, actorRef.getSnapshot().context.currentTime));
  }, [actorRef, targetsUrl, session]);

  const toggleFullscreen = useCallback(() => {
    const area = areaRef.current;
    if (!area) return;
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
    else void area.requestFullscreen?.().catch(() => {});
  }, []);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === areaRef.current && areaRef.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = playerShortcut(e);
      if (!action) return;
      e.preventDefault();
      if (action === 'toggle-play') actorRef.send({ type: 'TOGGLE_PLAY' });
      else if (action === 'back') actorRef.send({ type: 'SEEK_BY', delta: -SEEK_STEP_MS });
      else if (action === 'forward') actorRef.send({ type: 'SEEK_BY', delta: SEEK_STEP_MS });
      else if (action === 'fullscreen') toggleFullscreen();
      else if (action === 'previous-session') goToSession(session?.previousSessionId);
      else if (action === 'next-session') goToSession(session?.nextSessionId);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actorRef, goToSession, session, toggleFullscreen]);

  const playing = state === 'playing' || (state === 'buffering' && context.resumeAfterBuffer);
  const shownTime = state === 'buffering' && context.pendingTime !== null ? context.pendingTime : context.currentTime;

  return (
    <div className="cs-player" data-testid="session-player" data-player-state={state}>
      <SessionHeader
        siteId={siteId}
        projectId={projectId}
        session={session}
        autoplay={context.autoplay}
        onToggleAutoplay={() => actorRef.send({ type: 'TOGGLE_AUTOPLAY' })}
        onPrevious={() => goToSession(session?.previousSessionId)}
        onNext={() => goToSession(session?.nextSessionId)}
        actions={
          session && (
            <>
              <Button
                variant="secondary"
                size="small"
                aria-pressed={heatmapUrl !== null}
                disabled={!session.events.some((e) => e.type === 'LOCATION')}
                title="Where visitors clicked and how far they scrolled on the page shown"
                onClick={toggleHeatmap}
              >
                Heatmap
              </Button>
              <Button
                variant="secondary"
                size="small"
                aria-pressed={targetsUrl !== null}
                disabled={!session.events.some((e) => e.type === 'LOCATION')}
                title="Name the important elements of the page shown (the target definer)"
                onClick={toggleTargets}
              >
                Targets
              </Button>
              <Slot slot={sessionsSlots.playerHeaderActions} props={{ projectId, session, currentTime: context.currentTime }} />
            </>
          )
        }
      />
      {sessionError ? (
        <div className="cs-player__message" role="alert">
          <NoContent title={sessionError}>
            <Button variant="primary" onClick={() => setSessionAttempt((n) => n + 1)}>
              Try again
            </Button>
            <Button variant="secondary" onClick={() => navigate(`/${siteId}/sessions`)}>
              Back to sessions
            </Button>
          </NoContent>
        </div>
      ) : (
        <div className="cs-player__body" ref={areaRef}>
          {heatmapUrl !== null && <HeatmapBar url={heatmapUrl} heatmap={heatmap} onClose={toggleHeatmap} />}
          {targetsUrl !== null && <TargetBar url={targetsUrl} targets={targets} view={definerView} picked={picked} onView={setDefinerView} onPicked={setPicked} onClose={toggleTargets} />}
          <div className="cs-player__stage" ref={stageRef}>
            <div className="cs-player__replay" data-testid="player-replay" ref={replayRef} />
            {heatmapUrl !== null && heatmap.answer.data && replayRef.current && state !== 'loading' && <HeatmapLayer replayRoot={replayRef.current} answer={heatmap.answer.data} />}
            {targetsUrl !== null && replayRef.current && state !== 'loading' && (
              <TargetLayer replayRoot={replayRef.current} targets={targets.answer.data?.targets ?? NO_TARGETS} view={definerView} onPick={setPicked} />
            )}
            <SoundRefusedNote replayRef={replayRef} />
            {(state === 'loading' || !session) && (
              <div className="cs-player__overlay">
                <Loader label="Loading the recording" />
              </div>
            )}
            {state === 'error' && (
              <div className="cs-player__overlay" role="alert" data-testid="player-error">
                <NoContent title={context.error ?? 'The recording could not be loaded.'}>
                  <Button variant="primary" onClick={retry}>
                    Try again
                  </Button>
                </NoContent>
              </div>
            )}
          </div>
          <Timeline duration={context.duration} currentTime={shownTime} loaded={context.loaded} markers={markers} onSeek={seek} />
          {contributed.sources}
          <PlayerControls
            playing={playing}
            disabled={state === 'loading' || state === 'error'}
            buffering={state === 'buffering'}
            currentTime={shownTime}
            duration={context.duration}
            speed={context.speed}
            skipInactivity={context.skipInactivity}
            fullscreen={fullscreen}
            onTogglePlay={() => actorRef.send({ type: 'TOGGLE_PLAY' })}
            onSpeed={(speed) => actorRef.send({ type: 'SET_SPEED', speed })}
            onToggleSkipInactivity={() => actorRef.send({ type: 'TOGGLE_SKIP_INACTIVITY' })}
            onToggleFullscreen={toggleFullscreen}
          />
          {session && (
            <BottomBar
              panels={panels}
              session={session}
              currentTime={context.currentTime}
              seek={seek}
              canUseDevTools={hasPermission('DEV_TOOLS')}
              heightStorageKey={panelHeightStorageKey(account.id)}
              stageRef={stageRef}
            />
          )}
        </div>
      )}
    </div>
  );
}
