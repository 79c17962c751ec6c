import { randomBytes } from 'node:crypto';
import type { IceServer } from '@cassette/plugin-sdk';
import type { Caller, RouteSocket } from '@cassette/plugin-sdk/server';
import { sanitizeRecording } from '@cassette/recording-safety';
import type { RecordingEvent, VisitorCommand } from '@cassette/tracker/protocol';
import type { AgentNotice } from '../shared/messages.js';
import { logConsent } from './consents.js';
import { agentMessageCheck, readMessage, visitorMessageCheck, type CheckedAgentMessage } from './message-schemas.js';
import type { AssistRuntime } from './runtime.js';
import { ANNOUNCE_EVERY_MS } from './watchers.js';

/** Channel of what a session's visitor says to its agents. */
export const agentsChannel = (projectId: number, sessionId: string) => `assist.live.${projectId}.${sessionId}.agents`;
/** Channel of what a session's agents say to its visitor. */
export const visitorChannel = (projectId: number, sessionId: string) => `assist.live.${projectId}.${sessionId}.visitor`;

/** On the agents' channel: a notice for every agent, or for one (`to`). */
interface ToAgents {
  to?: string;
  notice: AgentNotice;
}

/** On the visitor's channel: a command for the tracker, and who sent it (kept server-side). */
interface ToVisitor {
  agent: { agentId: string; userId: number; name: string };
  command: VisitorCommand;
}

/** A socket whose reader is this far behind gets no more events until it catches up (it asks for a snapshot then). */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
/** Messages a side may send per second (a live page sends a few dozen at most). */
const MESSAGES_PER_SECOND = 200;
/** How often the visitor's side checks that an agent is still there (one whose process died stops announcing). */
const IDLE_CHECK_MS = 2_000;
/** Asset URLs one visitor socket remembers as registered (the assets plugin caps a session's list as well). */
const MAX_SHOWN_ASSETS = 10_000;

function rateGate(perSecond: number, now = Date.now): () => boolean {
  let windowStart = now();
  let count = 0;
  return () => {
    const t = now();
    if (t - windowStart >= 1000) {
      windowStart = t;
      count = 0;
    }
    return ++count <= perSecond;
  };
}

const send = (socket: RouteSocket, value: unknown) => socket.send(JSON.stringify(value));

/**
 * The visitor's end: the tracker of a watched session. What it sends is checked against the
 * live protocol (shape and size), its recording made inert as ingest does before storing, and
 * only then relayed to the agents of its own session (the token names the session); nothing
 * it sends reaches anything else. When no agent watches any more it is told to go idle.
 */
export async function serveVisitor(socket: RouteSocket, projectId: number, sessionId: string, rt: AssistRuntime): Promise<void> {
  const { pubsub, log, database } = rt.deps;
  const agents = new Map<string, { userId: number; name: string }>();
  const toAgents = (message: ToAgents) => pubsub.publish(agentsChannel(projectId, sessionId), message).catch((err) => log.warn({ err, sessionId }, 'assist relay failed'));
  const allowed = rateGate(MESSAGES_PER_SECOND);
  let closed = false;
  // The visitor's page address (meta events) that relative asset URLs resolve against, and the asset URLs already registered.
  let pageUrl: string | null = null;
  const shownAssets = new Set<string>();
  let relayed = Promise.resolve();

  /**
   * Events go to the agents in order; a message naming assets not seen before waits until the
   * assets plugin has registered them, so the agents' asset requests for them are served at once
   * instead of answering 404 until ingest stores the batch.
   */
  const relayEvents = (events: RecordingEvent[]) => {
    const found = rt.deps.assets.extract(events, pageUrl);
    pageUrl = found.pageUrl;
    const fresh = shownAssets.size < MAX_SHOWN_ASSETS ? found.urls.filter((url) => !shownAssets.has(url)) : [];
    for (const url of fresh) shownAssets.add(url);
    relayed = relayed.then(async () => {
      if (fresh.length > 0) {
        await rt.deps.assets.register(projectId, sessionId, fresh).catch((err) => {
          for (const url of fresh) shownAssets.delete(url);
          log.warn({ err, sessionId }, 'assist could not register live assets');
        });
      }
      await toAgents({ notice: { type: 'events', events } });
    });
  };

  const goIdleIfAlone = () => {
    if (closed || rt.watchers.agents(projectId, sessionId) > 0) return;
    closed = true;
    send(socket, { type: 'idle' } satisfies VisitorCommand);
    socket.close(1000, 'Nobody watches');
  };

  const unsubscribe = await pubsub.subscribe(visitorChannel(projectId, sessionId), (message) => {
    const m = message as ToVisitor;
    agents.set(m.agent.agentId, { userId: m.agent.userId, name: m.agent.name });
    send(socket, m.command);
  });
  const offChange = rt.watchers.onChange((p, s) => p === projectId && s === sessionId && goIdleIfAlone());
  const idleTimer = setInterval(goIdleIfAlone, IDLE_CHECK_MS);
  socket.onClose(() => {
    closed = true;
    clearInterval(idleTimer);
    offChange();
    void unsubscribe();
    void toAgents({ notice: { type: 'visitor', state: 'gone' } });
  });
  if (!socket.open) return;
  void toAgents({ notice: { type: 'visitor', state: 'connected' } });
  goIdleIfAlone();

  // One write after another: on a pool of connections two answers in quick succession (control
  // accepted, then stopped) could otherwise be stored in the wrong order, and the log is a record.
  let consentsLogged = Promise.resolve();
  const consent = (agentId: string, kind: 'call' | 'control', answer: 'accepted' | 'declined' | 'ended' | 'stopped') => {
    const entry = { projectId, sessionId, agentUserId: agents.get(agentId)?.userId ?? null, kind, answer };
    consentsLogged = consentsLogged.then(() => logConsent(database.sql, entry)).catch((err) => log.error({ err, sessionId }, 'could not log an assist consent'));
    return consentsLogged;
  };

  socket.onMessage((text) => {
    if (!allowed()) return socket.close(1008, 'Too many messages');
    const read = readMessage(visitorMessageCheck, text);
    if (!read.ok) return socket.close(1008, read.error);
    const m = read.value;
    switch (m.type) {
      case 'events': {
        const events = m.events as RecordingEvent[];
        sanitizeRecording(events);
        relayEvents(events);
        return;
      }
      case 'call':
        void consent(m.agentId, 'call', m.action);
        void toAgents({ notice: { type: 'call', agentId: m.agentId, action: m.action } });
        return;
      case 'control':
        void consent(m.agentId, 'control', m.action);
        void toAgents({ notice: { type: 'control', agentId: m.agentId, action: m.action } });
        return;
      case 'signal':
        void toAgents({ to: m.agentId, notice: { type: 'signal', signal: m.signal } });
        return;
      case 'refused':
        void toAgents({ to: m.agentId, notice: { type: 'refused', reason: m.reason } });
        return;
    }
  });
}

/**
 * An agent's end. The kernel checked the login, project and ASSIST_LIVE before the upgrade;
 * calls and their signalling also need ASSIST_CALL, checked here per message. Control input is
 * relayed only for the tracker to act on after the visitor's own consent (the tracker refuses it
 * otherwise, and on masked and password fields always).
 */
export async function serveAgent(socket: RouteSocket, projectId: number, sessionId: string, caller: Caller, rt: AssistRuntime): Promise<void> {
  const { pubsub, log } = rt.deps;
  const agentId = randomBytes(12).toString('hex');
  const canCall = caller.admin || caller.permissions.has('ASSIST_CALL');
  const agent = { agentId, userId: caller.userId, name: caller.name || caller.email };
  const allowed = rateGate(MESSAGES_PER_SECOND);
  let calling = false;
  let controlling = false;
  // Read when this agent asks to call: both peers get the same list.
  let callIceServers: IceServer[] = [];
  let behind = false;
  const toVisitor = (command: VisitorCommand) =>
    pubsub.publish(visitorChannel(projectId, sessionId), { agent, command } satisfies ToVisitor).catch((err) => log.warn({ err, sessionId }, 'assist relay failed'));

  const unsubscribe = await pubsub.subscribe(agentsChannel(projectId, sessionId), (message) => {
    const m = message as ToAgents;
    if (m.to !== undefined && m.to !== agentId) return;
    if (m.notice.type === 'call' && m.notice.agentId === agentId) {
      calling = m.notice.action === 'accepted';
      if (calling) return send(socket, { ...m.notice, iceServers: callIceServers } satisfies AgentNotice);
    }
    if (m.notice.type === 'control' && m.notice.agentId === agentId) controlling = m.notice.action === 'accepted';
    if (m.notice.type === 'events') {
      // A reader too slow for the stream skips events, then starts again from a fresh snapshot.
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        behind = true;
        return;
      }
      if (behind) {
        behind = false;
        void toVisitor({ type: 'snapshot' });
        return;
      }
    }
    send(socket, m.notice);
  });
  await rt.watchers.announce(projectId, sessionId, agentId, true);
  const announcer = setInterval(() => void rt.watchers.announce(projectId, sessionId, agentId, true), ANNOUNCE_EVERY_MS);
  socket.onClose(() => {
    clearInterval(announcer);
    if (calling) void toVisitor({ type: 'call', agentId, agentName: agent.name, action: 'ended', video: false });
    if (controlling) void toVisitor({ type: 'control', agentId, agentName: agent.name, action: 'ended' });
    void rt.watchers.announce(projectId, sessionId, agentId, false);
    void unsubscribe();
  });
  if (!socket.open) return;
  send(socket, { type: 'hello', agentId, canCall, visitorConnected: false } satisfies AgentNotice);
  // The tracker is told to start streaming with its next batch answer; one already streaming sends a snapshot for this agent.
  void toVisitor({ type: 'snapshot' });

  // Messages are handled one after another: a call request waits for the ICE servers, and what follows it must not overtake it.
  let handled = Promise.resolve();
  const handle = async (m: CheckedAgentMessage) => {
    switch (m.type) {
      case 'call':
        if (m.action === 'hangup') {
          calling = false;
          void toVisitor({ type: 'call', agentId, agentName: agent.name, action: 'ended', video: m.video === true });
          return;
        }
        callIceServers = await rt.iceServers(projectId);
        void toVisitor({ type: 'call', agentId, agentName: agent.name, action: 'request', video: m.video === true, iceServers: callIceServers });
        return;
      case 'signal':
        void toVisitor({ type: 'signal', agentId, signal: m.signal });
        return;
      case 'control':
        if (m.action === 'stop') controlling = false;
        void toVisitor({ type: 'control', agentId, agentName: agent.name, action: m.action === 'request' ? 'request' : 'ended' });
        return;
      case 'input':
        if (!controlling) return send(socket, { type: 'error', message: 'The visitor has not let you take control: ask first.' } satisfies AgentNotice);
        void toVisitor({ type: 'input', agentId, input: m.input });
        return;
    }
  };

  socket.onMessage((text) => {
    if (!allowed()) return socket.close(1008, 'Too many messages');
    const read = readMessage(agentMessageCheck, text);
    if (!read.ok) return send(socket, { type: 'error', message: read.error } satisfies AgentNotice);
    const m = read.value;
    if ((m.type === 'call' || m.type === 'signal') && !canCall) {
      return send(socket, { type: 'error', message: 'Not allowed: your role lacks the Assist (Call) permission. Please check with your admin.' } satisfies AgentNotice);
    }
    handled = handled
      .then(() => handle(m))
      .catch((err: unknown) => {
        log.error({ err, sessionId }, 'assist agent message failed');
        if (socket.open) send(socket, { type: 'error', message: 'The server could not pass this on: try again.' } satisfies AgentNotice);
      });
  });
}
