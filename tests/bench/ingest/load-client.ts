import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { LoadRun } from './throughput.js';

/** One tracker's share of the load: its batches, already gzipped, sent one after another. */
export interface SessionLoad {
  token: string | null;
  bodies: Buffer[];
  /** Events (rrweb + semantic) in all of `bodies`. */
  events: number;
}

function post(agent: Agent, target: URL, body: Buffer, token: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/octet-stream', 'content-length': body.length };
    if (token) headers.authorization = `Bearer ${token}`;
    const req = request({ agent, host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Every session sends its batches in order, each once the previous one is acknowledged (as the
 * tracker does), all sessions at once over kept-alive connections; the run lasts until the last
 * batch is answered.
 */
export async function runLoad(batchUrl: string, sessions: SessionLoad[]): Promise<LoadRun> {
  const target = new URL(batchUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: sessions.length });
  const latenciesMs: number[] = [];
  let failures = 0;
  const started = performance.now();
  try {
    await Promise.all(
      sessions.map(async (session) => {
        for (const body of session.bodies) {
          const sent = performance.now();
          const status = await post(agent, target, body, session.token);
          latenciesMs.push(performance.now() - sent);
          if (status !== 200) failures++;
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return { latenciesMs, elapsedMs: performance.now() - started, events: sessions.reduce((sum, s) => sum + s.events, 0), failures };
}
