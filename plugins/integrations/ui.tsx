// Browser side of the integrations plugin: Preferences › Integrations, the onboarding's
// Integrations tab, the player's "Backend logs" panel and timeline marks, and its "Create Issue" action.
import { lazy, Suspense } from 'react';
import { defineUiPlugin, fillSlot, hostSlots, Loader, type ProjectSummary } from '@cassette/plugin-sdk/ui';
import { sessionsSlots, type PlayerHeaderActionProps } from '@cassette/plugin-sessions/api';

const OnboardingIntegrations = lazy(() => import('./ui/onboarding-integrations.js'));
const CreateIssueAction = lazy(() => import('./ui/create-issue.action.js'));

function OnboardingTab({ project }: { project: ProjectSummary | null }) {
  return (
    <Suspense fallback={<Loader />}>
      <OnboardingIntegrations project={project} />
    </Suspense>
  );
}

function HeaderAction(props: PlayerHeaderActionProps) {
  // Nothing shows while it loads: the button appears once the project is known to have a tracker.
  return (
    <Suspense fallback={null}>
      <CreateIssueAction {...props} />
    </Suspense>
  );
}

export default defineUiPlugin({
  id: 'integrations',
  // Members see which tools are connected; connecting and changing them is for admins.
  settingsTabs: [{ id: 'integrations', label: 'Integrations', component: lazy(() => import('./ui/integrations.tab.js')), order: 10 }],
  fills: [
    fillSlot(hostSlots.onboardingIntegrations, { id: 'integrations.onboarding', component: OnboardingTab, order: 10 }),
    // Backend lines are Developer Tools data, as the console and network are.
    fillSlot(sessionsSlots.playerPanels, { id: 'integrations.backend-logs', label: 'Backend logs', component: lazy(() => import('./ui/backend-logs.panel.js')), order: 10, permission: 'DEV_TOOLS', appearance: 'sessionsDevtools' }),
    fillSlot(sessionsSlots.playerTimelineMarkers, { id: 'integrations.backend-log-markers', label: 'Backend log', component: lazy(() => import('./ui/backend-log-markers.js')), order: 10, permission: 'DEV_TOOLS', appearance: 'sessionsDevtools' }),
    fillSlot(sessionsSlots.playerHeaderActions, { id: 'integrations.create-issue', component: HeaderAction, order: 10, permission: 'SESSION_REPLAY' }),
  ],
});
