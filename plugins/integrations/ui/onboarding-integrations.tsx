// The onboarding's Integrations tab (spec part 1 §2): the same cards; saving one completes the
// onboarding task (the server marks it when a configuration is saved).
import { NoContent, type ProjectSummary } from '@cassette/plugin-sdk/ui';
import { IntegrationsBoard } from './integrations-board.js';
import './integrations.css';

export default function OnboardingIntegrations({ project }: { project: ProjectSummary | null }) {
  if (!project) return <NoContent size="small" title="Create a project first." />;
  return (
    <div className="cs-stack" data-testid="onboarding-integrations">
      <p>Bring your backend logs into the player next to each session, and create tickets in your issue tracker straight from a session.</p>
      <IntegrationsBoard projectId={project.id} />
    </div>
  );
}
