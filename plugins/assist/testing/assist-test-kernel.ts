// Test kit of the assist plugin: a kernel with the real ingest, sessions and assets plugins, listening on
// 127.0.0.1 so sockets are real WebSockets, and clients that play the tracker and the agent's page.
import WebSocket from 'ws';
import { createTestKernel, type TestKernel, type TestKernelOptions } from '@cassette/plugin-sdk/testing';
import { ingestPlugin, startBody } from '@cassette/plugin-ingest/testing';
import { assetsPlugin } from '@cassette/plugin-assets/testing';
import { sessionsPlugin } from '@cassette/plugin-sessions/testing';
import type { DepsMap, ServerPlugin } from '@cassette/plugin-sdk/server';
import type { BatchRequest, BatchResponse, RecordingEvent } from '@cassette/tracker/protocol';
import assistPlugin from '../server.js';

export interface AssistTestKernel extends TestKernel {
  /** `ws://127.0.0.1:<port>` of this kernel's server. */
  wsBase: string;
  /** Starts a visit of the project's site as the tracker does: its session id and token. */
  startVisit(projectId: number, ownerToken: string, extra?: Parameters<typeof startBody>[1]): Promise<{ sessionId: string; token: string }>;
  /** Sends a batch of the visit as the tracker does; the answer (its `hints`). */
  sendBatch(visit: { sessionId: string; token: string }, seq: number, recording?: RecordingEvent[]): Promise<BatchResponse>;
}

export async function createAssistTestKernel(options: TestKernelOptions = {}): Promise<AssistTestKernel> {
  const t = await createTestKernel({ ...options, plugins: [ingestPlugin, sessionsPlugin, assetsPlugin, assistPlugin] as ServerPlugin<DepsMap>[] });
  const address = await t.kernel.app.listen({ port: 0, host: '127.0.0.1' });
  return Object.assign(t, {
    wsBase: address.replace(/^http/, 'ws'),
    async startVisit(projectId: number, ownerToken: string, extra: Parameters<typeof startBody>[1] = {}) {
      const project = await t.request('GET', `/api/projects/${projectId}`, { token: ownerToken });
      const started = await t.request('POST', '/api/ingest/v1/start', { body: startBody(project.body.data.projectKey, extra) });
      if (started.status !== 200) throw new Error(`start failed: ${JSON.stringify(started.body)}`);
      return started.body.data as { sessionId: string; token: string };
    },
    async sendBatch(visit: { sessionId: string; token: string }, seq: number, recording: RecordingEvent[] = []) {
      const ts = Date.now();
      const body: BatchRequest = { sessionId: visit.sessionId, seq, sentAt: ts, pageNo: 0, recording, events: [{ type: 'click', ts, selector: 'button#buy', label: 'Buy' }] };
      const res = await t.request('POST', `/api/ingest/v1/batch?token=${encodeURIComponent(visit.token)}`, { body });
      if (res.status !== 200) throw new Error(`batch failed: ${JSON.stringify(res.body)}`);
      return res.body.data as BatchResponse;
    },
  });
}

/** A WebSocket client that keeps every message it gets, parsed, and how it closed. */
export interface SocketClient {
  ws: WebSocket;
  messages: unknown[];
  closed: Promise<{ code: number; reason: string }>;
  send(value: unknown): void;
  /** Resolves with the first message (from the start) that `match` accepts. */
  next<T>(match: (message: any) => boolean, what: string, timeoutMs?: number): Promise<T>;
}

/** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
export function openSocket(url: string, headers: Record<string, string> = {}): Promise<SocketClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const messages: unknown[] = [];
    const waiters = new Set<() => void>();
    ws.on('message', (data) => {
      messages.push(JSON.parse(String(data)));
      for (const wake of waiters) wake();
    });
    const closed = new Promise<{ code: number; reason: string }>((done) => ws.on('close', (code, reason) => {
      done({ code, reason: String(reason) });
      for (const wake of waiters) wake();
    }));
    ws.on('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode })));
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        ws,
        messages,
        closed,
        send: (value) => ws.send(typeof value === 'string' ? value : JSON.stringify(value)),
        next<T>(match: (message: any) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
          return new Promise<T>((done, fail) => {
            const check = () => {
              const found = messages.find(match);
              if (found !== undefined) {
                waiters.delete(check);
                clearTimeout(timer);
                done(found as T);
              } else if (ws.readyState > WebSocket.OPEN) {
                waiters.delete(check);
                clearTimeout(timer);
                fail(new Error(`${what}: the socket closed first (got ${JSON.stringify(messages).slice(0, 500)})`));
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`${what} did not arrive (got ${JSON.stringify(messages).slice(0, 500)})`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
      }),
    );
  });
}

/** The agent's socket, opened as the assist page does: a ticket first (with the login), then the socket with it. */
export async function openAgentSocket(t: { request: TestKernel['request']; wsBase: string }, projectId: number, sessionId: string, token: string): Promise<SocketClient> {
  const ticket = await t.request('POST', `/api/${projectId}/assist/sessions/${sessionId}/ticket`, { token });
  if (ticket.status !== 200) throw Object.assign(new Error(`ticket refused: ${ticket.status} ${JSON.stringify(ticket.body)}`), { status: ticket.status });
  return openSocket(`${t.wsBase}/api/${projectId}/assist/sessions/${sessionId}/socket?ticket=${encodeURIComponent(ticket.body.data.ticket)}`);
}

export const openVisitorSocket = (t: { wsBase: string }, token: string) => openSocket(`${t.wsBase}/api/assist/visitor?token=${encodeURIComponent(token)}`);
