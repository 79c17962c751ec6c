import type { Logger, RouteSocket } from '@cassette/plugin-sdk/server';

/** A message a socket route takes when it declares no `bodyLimit`. */
export const DEFAULT_SOCKET_MESSAGE_LIMIT = 64 * 1024;

/** What the kernel uses of a `ws` WebSocket (kept structural: plugins never see `ws`). */
export interface WsLike {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
}

const OPEN = 1;

const asText = (data: Buffer | ArrayBuffer | Buffer[]): string =>
  Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');

/**
 * The socket a route gets: text only, each message capped (a longer or binary one closes the
 * connection, 1009 or 1003), and a handler that throws closes it (1011) instead of reaching
 * the process: a peer's message must never take the server down.
 */
export function routeSocket(ws: WsLike, messageLimit: number, log: Logger): RouteSocket {
  const closeHandlers: (() => void)[] = [];
  ws.on('close', () => {
    for (const handler of closeHandlers.splice(0)) {
      try {
        handler();
      } catch (err) {
        log.error({ err }, 'socket close handler failed');
      }
    }
  });
  ws.on('error', (err) => log.debug({ err }, 'socket error'));
  const safeClose = (code: number, reason: string) => {
    try {
      ws.close(code, reason);
    } catch {
      ws.terminate();
    }
  };
  return {
    send(text) {
      if (ws.readyState === OPEN) ws.send(text);
    },
    close(code = 1000, reason = '') {
      safeClose(code, reason.slice(0, 120));
    },
    onMessage(handler) {
      ws.on('message', (data, isBinary) => {
        if (isBinary) return safeClose(1003, 'Text messages only');
        const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer | ArrayBuffer).byteLength;
        if (size > messageLimit) return safeClose(1009, `A message is at most ${messageLimit} bytes`);
        try {
          handler(asText(data));
        } catch (err) {
          log.error({ err }, 'socket message handler failed');
          safeClose(1011, 'The server could not handle that message');
        }
      });
    },
    onClose(handler) {
      if (ws.readyState > OPEN) handler();
      else closeHandlers.push(handler);
    },
    get bufferedAmount() {
      return ws.bufferedAmount;
    },
    get open() {
      return ws.readyState === OPEN;
    },
  };
}
