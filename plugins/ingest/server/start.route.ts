import { randomInt } from 'node:crypto';
import type { LoggerOptions } from '@cassette/plugin-sdk';
import { forbidden, notFound, type ProjectInfo } from '@cassette/plugin-sdk/server';
import type { RecordingConfig, StartResponse } from '@cassette/tracker/protocol';
import type { IngestSession } from '../api.js';
import { DEFAULT_CAPTURE_RATE, effectiveSampleRate } from '../shared/capture-rate.js';
import { readCaptureRate } from './capture-rate-store.js';
import { route } from './deps.js';
import { countryOf } from './geo-country.js';
import type { IngestRuntime } from './runtime.js';
import { recordingPrivacy, startRefusal } from './logger-rules.js';
import { findSession, insertSession, nextSeqToSend } from './session-store.js';
import { newSessionId } from './session-id.js';
import { issueSessionToken, verifySessionToken } from './session-token.js';
import { START_BODY, type StartBody } from './start.schema.js';
import { unavailableOnFailure } from './unavailable-on-failure.js';
import { parseUserAgent } from './user-agent.js';

function recordingConfig(project: ProjectInfo, loggerOptions: LoggerOptions, runtime: IngestRuntime): RecordingConfig {
  return {
    ...recordingPrivacy(project.gdpr, loggerOptions),
    captureNetworkPayloads: project.saveRequestPayloads,
    maxBatchBytes: runtime.settings.maxBatchBytes,
    maxBatchEvents: runtime.settings.maxBatchEvents,
    flushIntervalMs: runtime.settings.flushIntervalMs,
    canvasFps: project.gdpr.canvasFps,
  };
}

/** The tab's session, when the tracker asked to resume one it may still continue; null otherwise. */
async function resumable(runtime: IngestRuntime, project: ProjectInfo, resume: StartBody['resume'], now: number) {
  if (!resume) return null;
  const check = verifySessionToken(runtime.deps.secrets, resume.token, now);
  if (!check.ok || check.claims.sessionId !== resume.sessionId || check.claims.projectId !== project.id) return null;
  const session = await findSession(runtime.deps.db, resume.sessionId);
  // After a final batch the session is over even before the pipeline has ended it.
  if (!session || session.projectId !== project.id || session.endedAt !== null || session.finalSeq !== null) return null;
  return session;
}

export const startRoute = route({
  method: 'POST',
  url: '/ingest/v1/start',
  access: { auth: 'public' },
  cors: 'anyOrigin',
  summary: 'Tracker: start (or resume) a recorded session; answers the session token and what to mask',
  schema: { body: START_BODY },
  handler: async ({ body, request, log, deps: { runtime } }): Promise<StartResponse> => unavailableOnFailure(log, 'Sessions cannot be started', async () => {
    const { deps, settings } = runtime;
    // Before any database work: a flood of starts costs the server as little as possible.
    runtime.startsPerAddress.take(request.ip);
    runtime.startsPerProject.take(body.projectKey);
    const project = await deps.projects.byKey(body.projectKey);
    if (!project) throw notFound(`Unknown project key "${body.projectKey.slice(0, 64)}": check the key in Settings > Projects.`);
    // The organization's rules come first: a refused page or address starts (and resumes) nothing.
    const loggerOptions = await deps.projects.loggerOptions(project.tenantId);
    const refusal = startRefusal(loggerOptions, request.ip, typeof request.headers.origin === 'string' ? request.headers.origin : undefined, body.url);
    if (refusal) {
      log.info({ projectId: project.id, reason: refusal }, 'session start refused by the logger options');
      throw forbidden(refusal);
    }
    const now = Date.now();
    const clockOffsetMs = Math.round(now - body.timestamp);
    const tokenTtlMs = settings.tokenTtlHours * 3_600_000;
    const answer = (sessionId: string, resumed: boolean, nextSeq: number): StartResponse => ({
      sampled: true,
      sessionId,
      token: issueSessionToken(deps.secrets, { sessionId, projectId: project.id, expiresAt: now + tokenTtlMs, clockOffsetMs }),
      tokenExpiresAt: now + tokenTtlMs,
      serverTime: now,
      resumed,
      nextSeq,
      config: recordingConfig(project, loggerOptions, runtime),
    });

    const resumed = await resumable(runtime, project, body.resume, now);
    if (resumed) return answer(resumed.id, true, await nextSeqToSend(deps.db, resumed.id));

    // Sampling is decided once per session, here, so a tab is recorded whole or not at all. The
    // project's own rate wins; a project without one follows the account's capture rate.
    const projectRate = project.gdpr.sampleRate ?? null;
    // Read only when it matters: most starts are of projects that keep their own rate.
    const account = projectRate === null ? await readCaptureRate(deps.db.sql, project.tenantId) : DEFAULT_CAPTURE_RATE;
    const { rate, source } = effectiveSampleRate(projectRate, account);
    if (randomInt(0, 10_000) >= rate * 100) {
      const whose = source === 'project' ? 'This project records' : "This project follows the account's capture rate and records";
      return { sampled: false, reason: `${whose} ${rate}% of sessions; this one was not sampled.` };
    }
    const ua = parseUserAgent(String(request.headers['user-agent'] ?? ''), body.maxTouchPoints);
    const session: IngestSession = {
      sessionId: newSessionId(now),
      projectId: project.id,
      tenantId: project.tenantId,
      startedAt: now,
      trackerVersion: body.trackerVersion,
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 1024),
      ...ua,
      country: countryOf(request.ip),
      url: body.url,
      referrer: body.referrer,
      title: body.title,
      timezone: body.timezone ?? null,
      language: body.language ?? null,
      screen: body.screen,
      viewport: body.viewport,
      userId: body.userId || null,
      userAnonymousId: body.userAnonymousId || null,
      userUuid: body.userUuid || null,
      metadata: { ...(body.metadata ?? {}) },
      revId: body.revId ?? null,
    };
    await insertSession(deps.db, session);
    await deps.projects.markRecorded(project.id, new Date(now), body.trackerVersion);
    if (session.userId) await deps.onboarding.markDone(project.tenantId, 'identifyUsers');
    return answer(session.sessionId, false, 0);
  }),
});
