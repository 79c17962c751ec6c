import type { LighthouseScores } from '../../shared/model.js';

/** The audit is not part of this build yet. */
export const lighthouseAudit = null as ((url: string, port: number, timeoutMs: number) => Promise<LighthouseScores>) | null;
