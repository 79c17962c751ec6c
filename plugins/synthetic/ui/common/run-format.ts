// The spec's run figures (part 2 §3): duration 'Running...', seconds, or minutes over 10 s;
// last executed as days, hrs, min or sec ago.
import type { RunState } from '../../shared/model.js';

export function runDuration(run: { state: RunState; startedAt: number | null; finishedAt: number | null }): string {
  if (run.state === 'running' || run.state === 'queued' || run.startedAt === null || run.finishedAt === null) return 'Running...';
  const ms = Math.max(0, run.finishedAt - run.startedAt);
  if (ms > 10_000) return `${Math.round((ms / 60_000) * 10) / 10} min`;
  return `${Math.round(ms / 100) / 10} s`;
}

export function lastExecuted(at: number | null, now: number): string {
  if (at === null) return 'Never';
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds >= 86_400) return `${Math.floor(seconds / 86_400)} days ago`;
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)} hrs ago`;
  if (seconds >= 60) return `${Math.floor(seconds / 60)} min ago`;
  return `${seconds} sec ago`;
}
