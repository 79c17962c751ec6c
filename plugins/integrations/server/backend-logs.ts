import type { LogSource } from '../api.js';
import type { BackendLogLevel, BackendLogLine } from '../shared/integration.js';
import type { IntegrationsDeps } from './deps.js';
import { contextFor } from './integration-lookup.js';
import type { SavedIntegration } from './config-store.js';
import type { SessionWindow } from './session-window.js';
import { failureMessage } from './tool-call.js';

/** Lines asked of each source for one session. */
export const LINES_PER_SOURCE = 1_000;
const LEVELS: ReadonlySet<BackendLogLevel> = new Set(['debug', 'info', 'warn', 'error']);

export interface BackendLogs {
  lines: BackendLogLine[];
  failures: { source: string; message: string }[];
}

/**
 * Every connected source searched at once for the session's lines; a source that fails is
 * reported beside the lines of the others (a bug in one is logged and reported too, so one
 * broken tool never hides the rest). Lines are merged by time and numbered in that order.
 */
export async function fetchBackendLogs(deps: IntegrationsDeps, sources: { source: LogSource; saved: SavedIntegration }[], session: SessionWindow): Promise<BackendLogs> {
  const query = { sessionId: session.sessionId, userId: session.userId, from: session.from, to: session.to, limit: LINES_PER_SOURCE };
  const answers = await Promise.allSettled(sources.map(({ source, saved }) => source.fetchLogs(saved.config, query, contextFor(deps, source.id))));
  const lines: { line: BackendLogLine; order: number }[] = [];
  const failures: BackendLogs['failures'] = [];
  answers.forEach((answer, i) => {
    const source = sources[i]!.source;
    if (answer.status === 'rejected') {
      const message = failureMessage(source.label, answer.reason);
      if (message === null) deps.logger.error({ err: answer.reason, integration: source.id }, 'log source failed');
      failures.push({ source: source.id, message: message ?? `${source.label} failed while reading the logs; the error is in the server log.` });
      return;
    }
    if (!Array.isArray(answer.value)) {
      failures.push({ source: source.id, message: `${source.label} gave no list of lines.` });
      return;
    }
    for (const line of answer.value.slice(0, LINES_PER_SOURCE)) lines.push({ line: normalised(line, source.id), order: lines.length });
  });
  lines.sort((a, b) => a.line.time - b.line.time || a.order - b.order);
  return { lines: lines.map(({ line }, index) => ({ ...line, index })), failures };
}

/** A line as the wire promises it, whatever the contribution filled in; `source` is always the contribution's id. */
function normalised(line: BackendLogLine, source: string): BackendLogLine {
  const time = Number(line?.time);
  return {
    time: Number.isFinite(time) ? time : 0,
    index: 0,
    name: typeof line?.name === 'string' ? line.name : '',
    message: typeof line?.message === 'string' ? line.message : String(line?.message ?? ''),
    payload: line?.payload && typeof line.payload === 'object' ? line.payload : null,
    source,
    level: LEVELS.has(line?.level) ? line.level : 'info',
  };
}
