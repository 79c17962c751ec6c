import type { Logger, PubSubService } from '@cassette/plugin-sdk/server';

/** Channel every API process listens on to know which sessions agents watch. */
export const WATCH_CHANNEL = 'assist.watch';
/** An agent's socket says "still watching" this often... */
export const ANNOUNCE_EVERY_MS = 5_000;
/** ...and is forgotten after this long without it (its process died without a goodbye). */
export const WATCH_TTL_MS = 15_000;

interface WatchNotice {
  projectId: number;
  sessionId: string;
  agentId: string;
  /** False: the agent left. */
  on: boolean;
}

const keyOf = (projectId: number, sessionId: string) => `${projectId}:${sessionId}`;

function isNotice(value: unknown): value is WatchNotice {
  const v = value as WatchNotice;
  return typeof v === 'object' && v !== null && Number.isSafeInteger(v.projectId) && typeof v.sessionId === 'string' && typeof v.agentId === 'string' && typeof v.on === 'boolean';
}

/**
 * Which sessions have an agent watching, known in every API process: agents' sockets announce
 * themselves on pub/sub (Redis across processes, in-process on the embedded default) when they
 * open, every few seconds while open, and when they close. Reading it costs a map lookup, so the
 * batch acknowledgement can carry it to the tracker on every batch.
 */
export class WatchRegistry {
  private readonly watched = new Map<string, Map<string, number>>();
  private readonly listeners = new Set<(projectId: number, sessionId: string) => void>();
  private unsubscribe: (() => Promise<void>) | null = null;
  private pubsub: PubSubService | null = null;
  private log: Logger | null = null;

  /** Made when the plugin registers (the batch hint reads it); it hears other processes from `start` on. */
  constructor(private readonly now: () => number = Date.now) {}

  async start(pubsub: PubSubService, log: Logger): Promise<void> {
    this.pubsub = pubsub;
    this.log = log;
    this.unsubscribe = await pubsub.subscribe(WATCH_CHANNEL, (message) => {
      if (isNotice(message)) this.apply(message);
    });
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = null;
    this.pubsub = null;
    this.watched.clear();
  }

  /** Tells every process (this one included) that an agent watches, or no longer does. */
  async announce(projectId: number, sessionId: string, agentId: string, on: boolean): Promise<void> {
    const notice: WatchNotice = { projectId, sessionId, agentId, on };
    // Known here at once: a batch answered before the pub/sub round trip already tells the tracker.
    this.apply(notice);
    try {
      await this.pubsub?.publish(WATCH_CHANNEL, notice);
    } catch (err) {
      this.log?.warn({ err, sessionId }, 'could not announce an assist agent');
    }
  }

  /** How many agents watch the session now. */
  agents(projectId: number, sessionId: string): number {
    const agents = this.watched.get(keyOf(projectId, sessionId));
    if (!agents) return 0;
    const now = this.now();
    for (const [agentId, until] of agents) if (until <= now) agents.delete(agentId);
    if (agents.size === 0) this.watched.delete(keyOf(projectId, sessionId));
    return agents.size;
  }

  /** Called whenever the session's agents change (joined, left). */
  onChange(listener: (projectId: number, sessionId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private apply(notice: WatchNotice): void {
    const key = keyOf(notice.projectId, notice.sessionId);
    let agents = this.watched.get(key);
    const before = agents?.has(notice.agentId) ?? false;
    if (notice.on) {
      if (!agents) this.watched.set(key, (agents = new Map()));
      agents.set(notice.agentId, this.now() + WATCH_TTL_MS);
    } else {
      agents?.delete(notice.agentId);
      if (agents?.size === 0) this.watched.delete(key);
    }
    if (before === notice.on) return;
    for (const listener of this.listeners) {
      try {
        listener(notice.projectId, notice.sessionId);
      } catch (err) {
        this.log?.error({ err }, 'assist watch listener failed');
      }
    }
  }
}
