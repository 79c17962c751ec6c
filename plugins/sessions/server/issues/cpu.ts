import { finiteNumber, issueAt, trackerEvent, type DetectedIssue, type Heuristic } from './heuristic.js';
import { CPU_HIGH_PERCENT, CPU_MAX_SAMPLE_GAP_MS, CPU_MIN_EPISODE_MS } from './thresholds.js';

interface Episode {
  /** The first high sample: the issue is stored under its position. */
  ts: number;
  seq: number;
  idx: number;
  lastTs: number;
  samples: number;
  sum: number;
  peak: number;
}

export interface CpuState {
  episode: Episode | null;
}

function close(episode: Episode | null): DetectedIssue[] {
  if (!episode) return [];
  const span = episode.lastTs - episode.ts;
  if (span < CPU_MIN_EPISODE_MS) return [];
  const average = Math.round(episode.sum / episode.samples);
  return [issueAt('cpu', episode, `CPU ${average} % for ${Math.round(span / 1000)} s`, { average, peak: episode.peak, durationMs: span, samples: episode.samples })];
}

/**
 * Sustained load: consecutive CPU samples at CPU_HIGH_PERCENT (70) or more, the first and the
 * last CPU_MIN_EPISODE_MS (6 s) apart or more, no two further apart than CPU_MAX_SAMPLE_GAP_MS.
 * One issue per episode, raised when it ends (a lower sample, a gap, the session's end) so its
 * context tells the whole episode ("CPU 85 % for 8 s").
 */
export const cpu: Heuristic<CpuState> = {
  type: 'cpu',
  initial: () => ({ episode: null }),
  observe(state, item) {
    const sample = trackerEvent(item, 'performance');
    const load = finiteNumber(sample?.cpu);
    if (load === null) return [];
    const episode = state.episode;
    if (load >= CPU_HIGH_PERCENT && episode && item.ts - episode.lastTs <= CPU_MAX_SAMPLE_GAP_MS) {
      episode.lastTs = item.ts;
      episode.samples += 1;
      episode.sum += load;
      episode.peak = Math.max(episode.peak, load);
      return [];
    }
    const found = close(episode);
    state.episode = load >= CPU_HIGH_PERCENT ? { ts: item.ts, seq: item.seq, idx: item.idx, lastTs: item.ts, samples: 1, sum: load, peak: load } : null;
    return found;
  },
  finish(state) {
    const found = close(state.episode);
    state.episode = null;
    return found;
  },
};
