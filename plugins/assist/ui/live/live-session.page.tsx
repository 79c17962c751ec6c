import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, Button, FormErrors, NotAllowed, useApi, useCurrentProject, useHost } from '@cassette/plugin-sdk/ui';
import '@rrweb/replay/dist/style.css';
import type { SessionSummary } from '@cassette/plugin-sessions/api';
import type { AgentNotice, RtcSignal } from '../../shared/messages.js';
import { assistApi, assistPaths } from '../common/paths.js';
import { AgentCall } from './agent-call.js';
import { AgentChannel, socketUrlOf } from './agent-channel.js';
import { LivePlayer } from './live-player.js';
import { createLivePreparer } from './live-preparation.js';
import { JUMP_BACK_MS, liveViewMachine } from './live-view.machine.js';
import { ReviewPlayer } from './review-player.js';
import { controlInputs } from './remote-control.js';
import './live-session.css';

type CallState = 'idle' | 'asking' | 'connecting' | 'connected' | 'declined';
type ControlState = 'idle' | 'asking' | 'on' | 'declined';

const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** The session's live asset token, or null (the session ended meanwhile): the view still opens, proxied assets then show broken. */
async function liveAssetToken(api: { get<T>(path: string): Promise<T> }, projectId: number, sessionId: string): Promise<string | null> {
  try {
    const answer = await api.get<{ token?: unknown }>(assistApi.assetToken(projectId, sessionId));
    return typeof answer?.token === 'string' && answer.token !== '' ? answer.token : null;
  } catch {
    return null;
  }
}

/** `/{siteId}/assist/{sessionId}`: one visitor's tab, live. */
export default function LiveSessionPage() {
  const { hasPermission } = useHost();
  if (!hasPermission('ASSIST_LIVE')) return <NotAllowed live />;
  return <LiveSessionView />;
}

function LiveSessionView() {
  const api = useApi();
  const project = useCurrentProject();
  const { sessionId = '' } = useParams();
  const { hasPermission } = useHost();
  const stage = useRef<HTMLDivElement>(null);
  const reviewStage = useRef<HTMLDivElement>(null);
  const reviewRef = useRef<ReviewPlayer | null>(null);
  const [view, sendView] = useMachine(liveViewMachine);
  const layer = useRef<HTMLDivElement>(null);
  const remoteMedia = useRef<HTMLVideoElement>(null);
  const [session, setSession] = useState<SessionSummary | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [status, setStatus] = useState('Connecting…');
  const [streaming, setStreaming] = useState(false);
  const [call, setCall] = useState<CallState>('idle');
  const [control, setControl] = useState<ControlState>('idle');
  const [notice, setNotice] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const channelRef = useRef<AgentChannel | null>(null);
  const playerRef = useRef<LivePlayer | null>(null);
  const callRef = useRef<AgentCall | null>(null);
  const agentIdRef = useRef('');
  const projectId = project?.id ?? null;
  const canCall = hasPermission('ASSIST_CALL');

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (projectId === null || !stage.current) return;
    let gone = false;
    const assets = { projectId, liveSessionId: sessionId, appOrigin: window.location.origin, token: null as string | null };
    const player = new LivePlayer(stage.current, createLivePreparer(assets));
    playerRef.current = player;
    const endCall = () => {
      callRef.current?.hangUp();
      callRef.current = null;
    };
    const onNotice = (n: AgentNotice) => {
      switch (n.type) {
        case 'hello':
          agentIdRef.current = n.agentId;
          setStatus('Waiting for the visitor’s page: it starts streaming with its next batch (within about 10 seconds).');
          return;
        case 'events':
          player.add(n.events);
          if (player.started) {
            setStreaming(true);
            setStatus('Live');
            const span = player.span;
            if (span) sendView({ type: 'RECEIVED', ...span });
          }
          return;
        case 'visitor':
          if (n.state === 'gone') {
            setStatus('The visitor’s page closed the live channel (the tab was closed or left). It reconnects if the tab comes back.');
            setControl('idle');
          }
          return;
        case 'call':
          if (n.agentId !== agentIdRef.current) return;
          if (n.action === 'accepted') {
            setCall('connecting');
            // The account's STUN/TURN servers, read by the server when this call started (the visitor got the same).
            const agentCall = new AgentCall(
              n.iceServers ?? [],
              (signal: RtcSignal) => channelRef.current?.send({ type: 'signal', signal }),
              (stream) => {
                if (remoteMedia.current) remoteMedia.current.srcObject = stream;
              },
              (connected) => connected && setCall('connected'),
            );
            callRef.current = agentCall;
            void agentCall.start(false).catch(() => {
              setNotice('Your microphone could not be opened: allow it in the browser and call again.');
              channelRef.current?.send({ type: 'call', action: 'hangup' });
              endCall();
              setCall('idle');
            });
          } else {
            endCall();
            setCall(n.action === 'declined' ? 'declined' : 'idle');
            if (n.action === 'ended') setNotice('The call ended.');
          }
          return;
        case 'signal':
          void callRef.current?.receive(n.signal);
          return;
        case 'control':
          if (n.agentId !== agentIdRef.current) return;
          setControl(n.action === 'accepted' ? 'on' : n.action === 'declined' ? 'declined' : 'idle');
          if (n.action === 'stopped') setNotice('The visitor stopped the remote control.');
          return;
        case 'refused':
          setNotice(n.reason);
          return;
        case 'error':
          setNotice(n.message);
          return;
      }
    };
    const channel = new AgentChannel(
      {
        ticket: async () => (await api.post<{ ticket: string }>(assistApi.ticket(projectId, sessionId))).ticket,
        socketUrl: (ticket) => socketUrlOf(assistApi.socket(projectId, sessionId, ticket)),
      },
      onNotice,
      (state, reason) => {
        if (state === 'closed' && !gone) setStatus(reason ? `Disconnected: ${reason}` : 'Disconnected from the live session. Reload the page to watch again.');
      },
    );
    channelRef.current = channel;
    // The token first: every streamed URL is pointed at the session's asset route with it.
    Promise.all([api.get<SessionSummary>(assistApi.session(projectId, sessionId)), liveAssetToken(api, projectId, sessionId)]).then(
      ([s, token]) => {
        if (gone) return;
        assets.token = token;
        setSession(s);
        void channel.open().catch((err: unknown) => setErrors(err instanceof ApiError ? err.errors : ['The live session could not be opened.']));
      },
      (err: unknown) => !gone && setErrors(err instanceof ApiError ? err.errors : ['The live session could not be loaded.']),
    );
    return () => {
      gone = true;
      endCall();
      channel.close();
      reviewRef.current?.destroy();
      reviewRef.current = null;
      player.destroy();
    };
  }, [api, projectId, sessionId, sendView]);

  const live = view.matches('live');
  const playing = view.matches({ review: 'playing' });
  const { start, end, at, moves } = view.context;

  // Looking back: an ordinary replay of what this view received, beside the live one (which runs on, hidden).
  useEffect(() => {
    if (live) {
      reviewRef.current?.destroy();
      reviewRef.current = null;
      return;
    }
    const player = playerRef.current;
    if (!player || !reviewStage.current || at === null) return;
    reviewRef.current ??= new ReviewPlayer(reviewStage.current, player.received, () => sendView({ type: 'CAUGHT_UP' }));
    reviewRef.current.seek(at, playing);
    // Only the agent's moves reposition it; its own clock (TICK) does not.
  }, [live, moves]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => reviewRef.current && sendView({ type: 'TICK', at: reviewRef.current.currentTime }), 250);
    return () => clearInterval(timer);
  }, [playing, sendView]);

  useEffect(() => {
    const player = playerRef.current;
    if (control !== 'on' || !streaming || !live || !player?.iframe || !layer.current) return;
    return controlInputs(player, layer.current, (input) => channelRef.current?.send({ type: 'input', input }));
  }, [control, streaming, live]);

  if (projectId === null) return null;
  const elapsed = session ? Math.max(0, Math.floor((now - session.startedAt) / 1000)) : 0;
  return (
    <div className="cs-assist-view" data-testid="live-session">
      <header className="cs-assist-view__header">
        <Link to={assistPaths.list(projectId)}>← Live sessions</Link>
        <strong data-testid="live-user">{session?.userDisplayName ?? sessionId}</strong>
        {live ? (
          <span className="cs-session-live" data-testid="live-badge">
            LIVE
          </span>
        ) : (
          <Button size="small" variant="primary" data-testid="go-live" onClick={() => sendView({ type: 'GO_LIVE' })}>
            Go live
          </Button>
        )}
        <span className="cs-muted" data-testid="live-timer" aria-label="Time since the session started">
          {clock(elapsed)}
        </span>
        <span className="cs-assist-view__status" data-testid="live-status" role="status">
          {status}
        </span>
        <span className="cs-assist-view__actions">
          <Link to={assistPaths.replay(projectId, sessionId)} title="Open the whole recording, from the session’s start, in the sessions player">
            Whole recording
          </Link>
          {canCall && (
            <>
              {(call === 'idle' || call === 'declined') && (
                <Button size="small" variant="primary" disabled={!streaming} onClick={() => channelRef.current?.send({ type: 'call', action: 'request' }) && (setCall('asking'), setNotice(null))}>
                  Call
                </Button>
              )}
              {call !== 'idle' && call !== 'declined' && (
                <Button
                  size="small"
                  variant="danger"
                  onClick={() => {
                    channelRef.current?.send({ type: 'call', action: 'hangup' });
                    callRef.current?.hangUp();
                    callRef.current = null;
                    setCall('idle');
                  }}
                >
                  End call
                </Button>
              )}
            </>
          )}
          {control === 'on' ? (
            <Button size="small" variant="secondary" onClick={() => channelRef.current?.send({ type: 'control', action: 'stop' }) && setControl('idle')}>
              Stop control
            </Button>
          ) : (
            <Button size="small" variant="secondary" disabled={!streaming || control === 'asking'} onClick={() => channelRef.current?.send({ type: 'control', action: 'request' }) && (setControl('asking'), setNotice(null))}>
              Remote control
            </Button>
          )}
        </span>
      </header>
      <div className="cs-assist-view__states">
        <span data-testid="call-state">{call === 'asking' ? 'Calling… waiting for the visitor to accept' : call === 'connecting' ? 'Connecting the call…' : call === 'connected' ? 'Call connected' : call === 'declined' ? 'The visitor declined the call' : ''}</span>
        <span data-testid="control-state">{control === 'asking' ? 'Waiting for the visitor to allow remote control' : control === 'on' ? 'You control the visitor’s page: click and type in the replay' : control === 'declined' ? 'The visitor declined remote control' : ''}</span>
        {notice && (
          <span className="cs-assist-view__notice" data-testid="live-notice" role="alert">
            {notice}
          </span>
        )}
      </div>
      <div className="cs-assist-view__timeline" data-testid="live-timeline">
        <Button
          size="small"
          variant="secondary"
          disabled={start === null || end === null}
          title="Look back 10 seconds in this live view"
          onClick={() => end !== null && sendView({ type: 'JUMP_BACK', at: (live || at === null ? end : at) - JUMP_BACK_MS })}
        >
          Jump back 10 s
        </Button>
        {!live && (
          <Button size="small" variant="secondary" onClick={() => sendView({ type: playing ? 'PAUSE' : 'PLAY' })}>
            {playing ? 'Pause' : 'Play'}
          </Button>
        )}
        <input
          type="range"
          className="cs-assist-view__scrubber"
          aria-label="Look back in this live view"
          data-testid="live-scrubber"
          min={start ?? 0}
          max={end ?? 0}
          step={100}
          value={live || at === null ? (end ?? 0) : at}
          disabled={start === null || end === null || start === end}
          onChange={(e) => {
            const to = Number(e.target.value);
            sendView(live ? { type: 'JUMP_BACK', at: to } : { type: 'SEEK', at: to });
          }}
        />
        <span className="cs-muted" data-testid="live-behind">
          {live ? 'Watching live' : `Looking back: ${clock(((end ?? 0) - (at ?? 0)) / 1000)} behind live`}
        </span>
      </div>
      {errors.length > 0 && <FormErrors errors={errors} />}
      <div className="cs-assist-view__screen">
        <div
          className={['cs-assist-view__stage', control === 'on' && live ? 'cs-assist-view__stage--control' : '', live ? '' : 'cs-assist-view__stage--hidden'].join(' ')}
          ref={stage}
          data-testid="live-stage"
          aria-hidden={!live}
        />
        <div className={['cs-assist-view__stage', live ? 'cs-assist-view__stage--hidden' : ''].join(' ')} ref={reviewStage} data-testid="review-stage" aria-hidden={live} />
        {control === 'on' && live && <div className="cs-assist-view__control-layer" ref={layer} data-testid="control-layer" title="Click and type here: it happens on the visitor’s page" />}
      </div>
      <video ref={remoteMedia} className="cs-assist-view__media" autoPlay playsInline data-testid="call-media" />
    </div>
  );
}
