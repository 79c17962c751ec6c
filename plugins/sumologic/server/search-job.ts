import { integrationFailure } from '@cassette/plugin-sdk/server';
import type { IntegrationContext } from '@cassette/plugin-integrations/api';
import type { SumoLogicSession } from './sumologic-session.js';
import type { SumoLogicSettings } from './settings.js';

/** A message of a search job: its fields, all strings (`_messagetime`, `_raw`, `_sourcecategory`…). */
export interface SumoLogicMessage {
  map: Record<string, string>;
}

interface JobStatus {
  state?: string;
  messageCount?: number;
  pendingErrors?: string[];
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `2026-11-27T09:50:00`, the form the search job API takes with `timeZone`. */
const isoSeconds = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 19);

/**
 * One search through the Search Job API: create the job, look at its state until it is done
 * gathering, read its messages, and delete it whatever happened (a job left behind counts
 * against the account's concurrent searches).
 */
export async function runSearchJob(
  session: SumoLogicSession,
  search: { query: string; from: number; to: number; limit: number },
  settings: SumoLogicSettings,
  ctx: IntegrationContext,
): Promise<SumoLogicMessage[]> {
  const job = await session.call<{ id?: string }>('POST', '/api/v1/search/jobs', { query: search.query, from: isoSeconds(search.from), to: isoSeconds(search.to), timeZone: 'UTC' });
  if (!job.id) throw integrationFailure('bad_answer', 'Sumo Logic created the search job without an id: try again.');
  const path = `/api/v1/search/jobs/${encodeURIComponent(job.id)}`;
  try {
    const started = Date.now();
    for (;;) {
      const status = await session.call<JobStatus>('GET', path);
      if (status.pendingErrors?.length) throw integrationFailure('bad_answer', `Sumo Logic could not run the search ("${status.pendingErrors.join('; ')}").`);
      if (status.state === 'DONE GATHERING RESULTS') break;
      if (status.state === 'CANCELLED') throw integrationFailure('bad_answer', 'Sumo Logic cancelled the search job: try again.');
      if (Date.now() - started > settings.searchTimeoutMs) {
        throw integrationFailure('timeout', `Sumo Logic's search did not finish within ${+(settings.searchTimeoutMs / 1000).toFixed(1)} seconds: try again in a moment.`);
      }
      await wait(settings.pollIntervalMs);
    }
    if (search.limit === 0) return [];
    const page = await session.call<{ messages?: SumoLogicMessage[] }>('GET', `${path}/messages?offset=0&limit=${Math.min(10_000, search.limit)}`);
    return page.messages ?? [];
  } finally {
    await session.call('DELETE', path).catch((error: unknown) => ctx.log.warn({ err: error, job: job.id }, 'a Sumo Logic search job could not be deleted'));
  }
}

/** Creates a search job on the last minute and deletes it: proves the keys, the deployment and the right to search, without waiting for results. */
export async function proveSearchAccess(session: SumoLogicSession, query: string, now: number): Promise<void> {
  const job = await session.call<{ id?: string }>('POST', '/api/v1/search/jobs', { query, from: isoSeconds(now - 60_000), to: isoSeconds(now), timeZone: 'UTC' });
  if (!job.id) throw integrationFailure('bad_answer', 'Sumo Logic created the search job without an id: try again.');
  await session.call('DELETE', `/api/v1/search/jobs/${encodeURIComponent(job.id)}`);
}
