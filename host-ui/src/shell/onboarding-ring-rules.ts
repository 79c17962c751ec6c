/** An onboarding task from GET /api/boarding. */
export interface BoardingTask {
  task: string;
  label: string;
  done: boolean;
  URL?: string | null;
}

/** Percent of tasks done, 0-100, rounded. */
export function boardingPercent(tasks: readonly Pick<BoardingTask, 'done'>[]): number {
  if (tasks.length === 0) return 0;
  return Math.round((tasks.filter((t) => t.done).length / tasks.length) * 100);
}

/** Red under 50, orange under 75, otherwise blue (spec part 1 §4). */
export function ringColor(percent: number): 'red' | 'orange' | 'blue' {
  if (percent < 50) return 'red';
  if (percent < 75) return 'orange';
  return 'blue';
}

/** Panel header (spec part 1 §2). */
export function boardingHeader(percent: number): string {
  if (percent <= 0) return 'Welcome!';
  if (percent < 100) return 'Few more steps and you’re done!';
  return 'Good Job!';
}

/**
 * The ring shows only while completion is under 100 and it was not dismissed. A panel the user
 * opened stays while open, so the last task done shows 'Good Job!' (the panel reloads the tasks
 * when it opens); closed at 100, the ring is gone.
 */
export function showRing(percent: number, dismissed: boolean, panelOpen = false): boolean {
  return !dismissed && (percent < 100 || panelOpen);
}

/** After 2 minutes the ring hides itself when completion is at least 50. */
export const RING_HIDE_CHECK_MS = 120_000;
export function hideAfterCheck(percent: number): boolean {
  return percent >= 50;
}
