import { Loader, useCurrentProject } from '@cassette/plugin-sdk/ui';
import { LiveSessions } from './live-sessions.js';

/** `/{siteId}/assist`: who is on the site now. */
export default function LiveListPage() {
  const project = useCurrentProject();
  return (
    <div className="cs-page">
      <div className="cs-page__header">
        <h1 className="cs-page__title">Assist</h1>
      </div>
      {project ? <LiveSessions projectId={project.id} /> : <Loader />}
    </div>
  );
}
