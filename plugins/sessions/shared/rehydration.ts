/** Rehydration jobs (spec part 2 §3, §4, §5). A job is "in progress" while it runs (part 2 §4). */
export type RehydrationState = 'queued' | 'in progress' | 'done' | 'failed';

export interface Rehydration {
  rehydrationId: number;
  name: string;
  /** The time range of the sessions' starts (epoch ms), start included, end excluded. */
  startAt: number;
  endAt: number;
  /** Only this user's sessions, when set. */
  userId?: string;
  createdAt: number;
  state: RehydrationState;
  /** Member id of the admin who started it. */
  createdBy: number;
  /** Ended sessions in the range when the job was created. */
  sessionsCount: number;
  processedCount: number;
  /** 0-100. */
  progress: number;
  finishedAt?: number;
  error?: string;
}

export const REHYDRATION_NAME_MAX = 50;
/** Spec part 2 §9 "Rehydration duration inputs minimum 1 minute". */
export const REHYDRATION_MIN_RANGE_MS = 60_000;
export const REHYDRATION_USER_ID_MAX = 256;

export const rehydrationInProgress = (job: Pick<Rehydration, 'state'>) => job.state === 'in progress';

export function rehydrationProblems(input: { name?: unknown; startTs?: unknown; endTs?: unknown }, now = Date.now()): string[] {
  const problems: string[] = [];
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '') problems.push('Give the rehydration a name.');
  else if (name.length > REHYDRATION_NAME_MAX) problems.push(`A rehydration name has at most ${REHYDRATION_NAME_MAX} characters.`);
  else if (/\p{Cc}/u.test(name)) problems.push('A rehydration name cannot contain control characters (tabs, line breaks, ...).');
  const { startTs, endTs } = input;
  if (typeof startTs !== 'number' || !Number.isFinite(startTs) || typeof endTs !== 'number' || !Number.isFinite(endTs)) {
    problems.push('Choose the start and the end of the time range.');
  } else if (endTs - startTs < REHYDRATION_MIN_RANGE_MS) {
    problems.push('The time range must end at least 1 minute after it starts.');
  } else if (startTs > now) {
    problems.push('The time range must start in the past: sessions not yet recorded cannot be processed again.');
  }
  return problems;
}
