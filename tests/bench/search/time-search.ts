import { performance } from 'node:perf_hooks';
import type { BenchDatabase } from '../bench-database.js';
import { percentile } from '../latency.js';
import type { TypicalSearch } from '../typical-searches.js';

export interface SearchFigures {
  name: string;
  body: TypicalSearch['body'];
  status: number;
  total: number | null;
  p50: number | null;
  p95: number | null;
  min: number | null;
  max: number | null;
  error?: string;
}

export interface Repetitions {
  /** Timed runs. */
  runs: number;
  /** Untimed runs first; the first run (always made) also checks the answer. */
  warmup: number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Times one search through the real route (`POST /api/{projectId}/sessions/search2`, the owner's token). */
export async function timeSearch(db: BenchDatabase, search: TypicalSearch, repetitions: Repetitions): Promise<SearchFigures> {
  const url = `/api/${db.manifest.projectId}/sessions/search2`;
  const once = async () => {
    const started = performance.now();
    const res = await db.kernel.request('POST', url, { token: db.token, body: search.body });
    return { ms: performance.now() - started, res };
  };
  const first = await once();
  if (first.res.status !== 200) {
    const message = JSON.stringify(first.res.body?.errors ?? first.res.body).slice(0, 200);
    return { name: search.name, body: search.body, status: first.res.status, total: null, p50: null, p95: null, min: null, max: null, error: message };
  }
  for (let i = 1; i < repetitions.warmup; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < repetitions.runs; i++) samples.push((await once()).ms);
  return {
    name: search.name,
    body: search.body,
    status: 200,
    total: first.res.body.data.total as number,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    min: round(Math.min(...samples)),
    max: round(Math.max(...samples)),
  };
}
