// The agent's side of the live channel: what the assist page and the server say on the agent's socket.
import type { AgentInput, CallIceServer, RecordingEvent, RtcSignal } from '@cassette/tracker/protocol';

export type { AgentInput, CallIceServer, RecordingEvent, RtcSignal };

/** Agent → server. */
export type AgentMessage =
  | { type: 'call'; action: 'request' | 'hangup'; video?: boolean }
  | { type: 'signal'; signal: RtcSignal }
  | { type: 'control'; action: 'request' | 'stop' }
  | { type: 'input'; input: AgentInput };

/** Server → agent. */
export type AgentNotice =
  | { type: 'hello'; agentId: string; canCall: boolean; visitorConnected: boolean }
  | { type: 'events'; events: RecordingEvent[] }
  | { type: 'visitor'; state: 'connected' | 'gone' }
  /** `iceServers` (on `accepted`, to the calling agent): the account's STUN/TURN servers, the same list the visitor got. */
  | { type: 'call'; agentId: string; action: 'accepted' | 'declined' | 'ended'; iceServers?: CallIceServer[] }
  | { type: 'signal'; signal: RtcSignal }
  | { type: 'control'; agentId: string; action: 'accepted' | 'declined' | 'stopped' }
  | { type: 'refused'; reason: string }
  | { type: 'error'; message: string };

/** Seconds an agent's socket ticket stays usable: it only opens the socket. */
export const TICKET_SECONDS = 60;

/** The live list's page size. */
export const LIVE_PAGE_SIZE = 50;
