import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, Button, FormErrors, NotAllowed, useApi, useCurrentProject, useHost } from '@cassette/plugin-sdk/ui';
import '@rrweb/replay/dist/style.css';
import type { SessionSummary } from '@cassette/plugin-sessions/api';
import type { AgentNotice, RtcSignal } from '../../shared/messages.js';
import { assistApi, assistPaths } from '../common/paths.js';
import { AgentCall } from './agent-call.js';
import { AgentChannel, socketUrlOf } from './agent-channel.js';
import { LivePlayer } from './live-player.js';
import { controlInputs } from './remote-control.js';
import './live-session.css';

type CallState = 'idle' | 'asking' | 'connecting' | 'connected' | 'declined';
type ControlState = 'idle' | 'asking' | 'on' | 'declined';

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
    const player = new LivePlayer(stage.current);
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
    api.get<SessionSummary>(assistApi.session(projectId, sessionId)).then(
      (s) => {
        if (gone) return;
        setSession(s);
        void channel.open().catch((err: unknown) => setErrors(err instanceof ApiError ? err.errors : ['The live session could not be opened.']));
      },
      (err: unknown) => !gone && setErrors(err instanceof ApiError ? err.errors : ['The live session could not be loaded.']),
    );
    return () => {
      gone = true;
      endCall();
      channel.close();
      player.destroy();
    };
  }, [api, projectId, sessionId]);

  useEffect(() => {
    const player = playerRef.current;
    if (control !== 'on' || !streaming || !player?.iframe || !layer.current) return;
    return controlInputs(player, layer.current, (input) => channelRef.current?.send({ type: 'input', input }));
  }, [control, streaming]);

  if (projectId === null) return null;
  const elapsed = session ? Math.max(0, Math.floor((now - session.startedAt) / 1000)) : 0;
  return (
    <div className="cs-assist-view" data-testid="live-session">
      <header className="cs-assist-view__header">
        <Link to={assistPaths.list(projectId)}>← Live sessions</Link>
        <strong data-testid="live-user">{session?.userDisplayName ?? sessionId}</strong>
        <span className="cs-session-live">LIVE</span>
        <span className="cs-muted" data-testid="live-timer" aria-label="Time since the session started">
          {String(Math.floor(elapsed / 3600)).padStart(2, '0')}:{String(Math.floor((elapsed % 3600) / 60)).padStart(2, '0')}:{String(elapsed % 60).padStart(2, '0')}
        </span>
        <span className="cs-assist-view__status" data-testid="live-status" role="status">
          {status}
        </span>
        <span className="cs-assist-view__actions">
          <Link to={assistPaths.replay(projectId, sessionId)} title="Replay what was recorded so far, from the start">
            Jump back: recording so far
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
      {errors.length > 0 && <FormErrors errors={errors} />}
      <div className="cs-assist-view__screen">
        <div className={['cs-assist-view__stage', control === 'on' ? 'cs-assist-view__stage--control' : ''].join(' ')} ref={stage} data-testid="live-stage" />
        {control === 'on' && <div className="cs-assist-view__control-layer" ref={layer} data-testid="control-layer" title="Click and type here: it happens on the visitor’s page" />}
      </div>
      <video ref={remoteMedia} className="cs-assist-view__media" autoPlay playsInline data-testid="call-media" />
    </div>
  );
}
