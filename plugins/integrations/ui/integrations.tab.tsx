// Preferences › Integrations (spec part 2 §2): the backend log tools and issue trackers of the
// project; admins connect them, members see which are connected.
import { NoContent, useHost } from '@cassette/plugin-sdk/ui';
import { IntegrationsBoard } from './integrations-board.js';
import './integrations.css';

export default function IntegrationsTab() {
  const { currentProject } = useHost();
  return (
    <div className="cs-stack-lg">
      <div className="cs-page__header">
        <div>
          <h1 className="cs-page__title">Integrations</h1>
          <p className="cs-muted">
            Connect your backend logs to see them in the player, and an issue tracker to create tickets from sessions{currentProject ? ` of ${currentProject.name}` : ''}.
          </p>
        </div>
      </div>
      {currentProject ? <IntegrationsBoard projectId={currentProject.id} /> : <NoContent title="Create a project first." />}
    </div>
  );
}
