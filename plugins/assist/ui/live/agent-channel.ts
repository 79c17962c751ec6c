import type { AgentMessage, AgentNotice } from '../../shared/messages.js';

export type ChannelState = 'connecting' | 'open' | 'closed';

/** What the channel needs from the page: a ticket (asked with the login) and a WebSocket. */
export interface AgentChannelDeps {
  ticket(): Promise<string>;
  socketUrl(ticket: string): string;
  createSocket?(url: string): WebSocket;
}

/**
 * The agent's end of a live session: one WebSocket opened with a one-minute ticket (a browser
 * cannot put the login header on a WebSocket). Notices come in parsed; what does not parse is
 * dropped (the server sends only what it checked).
 */
export class AgentChannel {
  private socket: WebSocket | null = null;
  private closedByUs = false;
  state: ChannelState = 'connecting';

  constructor(
    private readonly deps: AgentChannelDeps,
    private readonly onNotice: (notice: AgentNotice) => void,
    private readonly onState: (state: ChannelState, reason?: string) => void,
  ) {}

  async open(): Promise<void> {
    const ticket = await this.deps.ticket();
    if (this.closedByUs) return;
    const url = this.deps.socketUrl(ticket);
    const socket = this.deps.createSocket ? this.deps.createSocket(url) : new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => this.setState('open');
    socket.onmessage = (event) => {
      let notice: AgentNotice;
      try {
        notice = JSON.parse(String(event.data)) as AgentNotice;
      } catch {
        return;
      }
      this.onNotice(notice);
    };
    socket.onclose = (event) => this.setState('closed', event.reason || undefined);
  }

  send(message: AgentMessage): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  close(): void {
    this.closedByUs = true;
    this.socket?.close(1000, 'The agent left');
  }

  private setState(state: ChannelState, reason?: string) {
    this.state = state;
    this.onState(state, reason);
  }
}

/** `ws:` or `wss:` on the app's own host, for an API path. */
export function socketUrlOf(path: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}
