import { finiteNumber, issueAt, trackerEvent, type Heuristic } from './heuristic.js';
import { MEMORY_SPIKE_RATIO, MEMORY_WARMUP_SAMPLES } from './thresholds.js';

export interface MemoryState {
  samples: number;
  /** Bytes, all samples added (the running average is sum / samples). */
  sum: number;
  /** The last sample was a spike: the spike goes on until a sample falls back below the ratio. */
  high: boolean;
}

const MB = 1024 * 1024;

/**
 * A JS heap sample (`performance.memoryUsed`) at MEMORY_SPIKE_RATIO (300 %) or more of the
 * average of all earlier samples, once MEMORY_WARMUP_SAMPLES samples were seen. One issue per
 * spike: consecutive high samples are one. Browsers without the memory API send no samples.
 */
export const memory: Heuristic<MemoryState> = {
  type: 'memory',
  initial: () => ({ samples: 0, sum: 0, high: false }),
  observe(state, item) {
    const sample = trackerEvent(item, 'performance');
    const used = finiteNumber(sample?.memoryUsed);
    if (used === null || used <= 0) return [];
    const average = state.samples > 0 ? state.sum / state.samples : 0;
    const spike = state.samples >= MEMORY_WARMUP_SAMPLES && used >= MEMORY_SPIKE_RATIO * average;
    const found =
      spike && !state.high
        ? [
            issueAt('memory', item, `Memory ${Math.round(used / MB)} MB, ${Math.round((used / average) * 100)} % of the average`, {
              memoryUsed: used,
              average: Math.round(average),
              ratio: Math.round((used / average) * 100) / 100,
            }),
          ]
        : [];
    state.high = spike;
    state.samples += 1;
    state.sum += used;
    return found;
  },
};
