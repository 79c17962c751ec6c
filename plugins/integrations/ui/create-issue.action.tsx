// The player's "Create Issue" header action, offered when the project has an issue tracker connected.
import { useEffect, useState } from 'react';
import { useHost } from '@cassette/plugin-sdk/ui';
import type { PlayerHeaderActionProps } from '@cassette/plugin-sessions/api';
import type { IntegrationSource } from '../shared/integration.js';
import { CreateIssueDialog } from './create-issue.dialog.js';
import { sessionLink, sourcesPath } from './integration-paths.js';
import './integrations.css';

export default function CreateIssueAction({ projectId, session, currentTime }: PlayerHeaderActionProps) {
  const { api } = useHost();
  const [tracker, setTracker] = useState<IntegrationSource | null>(null);
  // The link is taken when the dialog opens: the moment the viewer chose to report.
  const [openedAt, setOpenedAt] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    api.get<IntegrationSource[]>(sourcesPath(projectId)).then(
      (sources) => current && setTracker(sources.find((s) => s.kind === 'tickets' && s.configured) ?? null),
      // Without the list there is no button: the player works on.
      () => current && setTracker(null),
    );
    return () => {
      current = false;
    };
  }, [api, projectId]);

  if (!tracker) return null;
  return (
    <>
      <button
        type="button"
        className="cs-player-chip"
        data-testid="player-create-issue"
        title={`Create an issue in ${tracker.label} from this session`}
        onClick={() => setOpenedAt(sessionLink(globalThis.location?.origin ?? '', projectId, session.sessionId, session.startedAt + currentTime))}
      >
        Create Issue
      </button>
      {openedAt !== null && <CreateIssueDialog projectId={projectId} sessionId={session.sessionId} trackerLabel={tracker.label} link={openedAt} onClose={() => setOpenedAt(null)} />}
    </>
  );
}
