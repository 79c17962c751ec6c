import type { SessionResource } from '../../../shared/session.js';

export type ResourceSeverity = 'red' | 'yellow' | null;

/** Spec part 2 §3: red when failed or score >= 80; yellow when score is 10 to 79. */
export function resourceSeverity(resource: Pick<SessionResource, 'success' | 'score'>): ResourceSeverity {
  if (!resource.success || resource.score >= 80) return 'red';
  if (resource.score >= 10) return 'yellow';
  return null;
}
