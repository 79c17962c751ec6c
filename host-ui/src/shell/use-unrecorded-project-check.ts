import { useEffect } from 'react';
import type { ProjectSummary } from '@cassette/plugin-sdk/ui';

/** Spec part 1 §4 and §9: while the selected project records nothing yet, the sessions and errors pages re-check every 30 s. */
export const UNRECORDED_PROJECT_CHECK_MS = 30_000;

const WAITING_PAGES = /^\/\d+\/(sessions|errors)$/;

/** Reloads the projects every 30 s while `pathname` is a sessions or errors page of a project that has not recorded yet. */
export function useUnrecordedProjectCheck(currentProject: ProjectSummary | null, pathname: string, reloadProjects: () => Promise<void>): void {
  const waiting = currentProject !== null && !currentProject.recorded && WAITING_PAGES.test(pathname);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      reloadProjects().catch(() => {
        // The next tick tries again; a failed check needs no message of its own.
      });
    }, UNRECORDED_PROJECT_CHECK_MS);
    return () => clearInterval(timer);
  }, [waiting, reloadProjects, currentProject?.id]);
}
