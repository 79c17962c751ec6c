import type { DecodedBatch, IngestProcessor, IngestSession } from '@cassette/plugin-ingest/api';
import { fillUser, groupsOf, insertOccurrences, lockSessionState, markSynthetic, saveSessionState, updateGroups, type SessionFacts } from './grouping/group-store.js';
import { clean, readBatch, startState } from './grouping/occurrence-drafts.js';

/** Events that change what the processor must know or store. */
const RELEVANT = new Set(['error', 'page', 'user_id', 'user_anonymous_id', 'metadata']);

function factsOf(session: IngestSession): Omit<SessionFacts, 'synthetic'> {
  return {
    sessionId: session.sessionId,
    projectId: session.projectId,
    tenantId: session.tenantId,
    userUuid: clean(session.userUuid, 200) || null,
    browser: clean(session.browser, 100) || null,
    os: clean(session.os, 100) || null,
    // The model when the user agent names one, else its kind (desktop, mobile, tablet).
    device: clean(session.device, 100) || clean(session.deviceType, 20) || null,
    country: clean(session.country, 2) || null,
    release: clean(session.revId, 200) || null,
  };
}

/**
 * Groups the JS exceptions of recorded sessions (grouping/fingerprint.ts) and stores each
 * occurrence with its session, user, browser, page and release, and whether the session is a
 * synthetic test run (its metadata key `synthetic`, set by the run's tracker, is not empty). A batch is handled in one
 * transaction keyed by (session, seq, idx): a replayed batch stores and counts nothing twice.
 */
export const errorsProcessor: IngestProcessor = {
  id: 'errors.grouping',
  // After the session summary (10) and issues (20): nothing here is read by them.
  order: 40,
  // A batch of many exceptions is grouped a slice at a time, each slice in its own transaction.
  slices: true,

  async sessionStarted(session, { sql: run }) {
    await run.transaction(async (tx) => {
      if (!(await lockSessionState(tx, session.sessionId))) await saveSessionState(tx, session.projectId, session.sessionId, startState(session));
    });
  },

  async batch(session: IngestSession, batch: DecodedBatch, { sql: run }) {
    if (!batch.events.some((e) => RELEVANT.has(e.type))) return;
    const known = factsOf(session);
    await run.transaction(async (tx) => {
      // A start lost before its job ran must not lose what the batch says.
      const stored = await lockSessionState(tx, session.sessionId);
      const before = stored ?? startState(session);
      const { drafts, state, identifiedAs } = readBatch(batch, before);
      // What is known of the session after the batch holds for all its occurrences, these included.
      const facts: SessionFacts = { ...known, synthetic: state.synthetic };
      if (state.synthetic !== before.synthetic) await markSynthetic(tx, session.sessionId, state.synthetic);
      if (drafts.length) {
        const groups = await groupsOf(tx, facts, drafts);
        const fresh = await insertOccurrences(tx, facts, drafts, groups);
        await updateGroups(tx, fresh, groups);
      }
      if (identifiedAs) await fillUser(tx, session.sessionId, identifiedAs);
      if (!stored || state !== before) await saveSessionState(tx, session.projectId, session.sessionId, state);
    });
  },
};
