import { useEffect } from 'react';
import { useHost } from '@cassette/plugin-sdk/ui';

/** Spec part 1 §4 and §9: the unrecorded-project check runs every 30 s. */
export const UNRECORDED_PROJECT_CHECK_MS = 30_000;

/** Until the current project records its first session, reload the projects so the list appears by itself. */
export function useUnrecordedProjectCheck(): void {
  const { currentProject, reloadProjects } = useHost();
  const waiting = currentProject !== null && currentProject.recorded === false;
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
