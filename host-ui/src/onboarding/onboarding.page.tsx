import { Button, CopyButton, hostSlots, NoContent, Slot, useHost } from '@cassette/plugin-sdk/ui';
import { Link, NavLink, useNavigate, useParams } from 'react-router-dom';
import { DEFAULT_ONBOARDING_TAB, ONBOARDING_TABS, onboardingPath, sessionsPath, settingsPath, type OnboardingTab } from '../routing/routes.js';
import { useSession } from '../session/session.js';
import type { ProjectSummary } from '@cassette/plugin-sdk/ui';
import { InviteMemberForm } from '../settings/team.tab.js';

const TAB_LABELS: Record<OnboardingTab, string> = {
  installing: 'Install Cassette',
  'identify-users': 'Identify Users',
  team: 'Invite Team Members',
  integrations: 'Integrations',
};

export default function OnboardingPage() {
  const { activeTab = DEFAULT_ONBOARDING_TAB } = useParams();
  const tab = (ONBOARDING_TABS as readonly string[]).includes(activeTab) ? (activeTab as OnboardingTab) : DEFAULT_ONBOARDING_TAB;
  const index = ONBOARDING_TABS.indexOf(tab);
  const { currentProject } = useHost();
  const { setOnboarding } = useSession();
  const navigate = useNavigate();
  const previous = ONBOARDING_TABS[index - 1];
  const next = ONBOARDING_TABS[index + 1];

  const finish = () => {
    setOnboarding(false);
    navigate(currentProject ? sessionsPath(currentProject.id) : settingsPath('projects'));
  };

  return (
    <div className="cs-page cs-onboarding">
      <div className="cs-page__header">
        <div>
          <h1 className="cs-page__title">Welcome to Cassette</h1>
          <p className="cs-muted">A few steps to start recording {currentProject ? <strong>{currentProject.name}</strong> : 'your website'}.</p>
        </div>
        <Button variant="ghost" onClick={finish}>
          Skip
        </Button>
      </div>
      <div className="cs-onboarding__layout">
        <nav className="cs-steps" aria-label="Onboarding steps">
          {ONBOARDING_TABS.map((t, i) => (
            <NavLink key={t} to={onboardingPath(t)} className={({ isActive }) => ['cs-steps__item', isActive ? 'is-active' : '', i < index ? 'is-done' : ''].join(' ')}>
              <span className="cs-steps__number">{i + 1}</span>
              {TAB_LABELS[t]}
            </NavLink>
          ))}
        </nav>
        <section className="cs-card cs-onboarding__content" aria-labelledby="onboarding-step-title">
          <h2 id="onboarding-step-title" className="cs-card__title">
            {TAB_LABELS[tab]}
          </h2>
          {tab === 'installing' && <InstallStep project={currentProject} />}
          {tab === 'identify-users' && <IdentifyStep project={currentProject} />}
          {tab === 'team' && <TeamStep />}
          {tab === 'integrations' && (
            <Slot
              slot={hostSlots.onboardingIntegrations}
              props={{ project: currentProject }}
              fallback={<NoContent size="small" title="No integrations available." subtext="Integrations can be set up later in Preferences." />}
            />
          )}
          <div className="cs-onboarding__nav">
            {previous ? (
              <Button onClick={() => navigate(onboardingPath(previous))}>Back</Button>
            ) : (
              <span />
            )}
            {next ? (
              <Button variant="primary" onClick={() => navigate(onboardingPath(next))}>
                Next
              </Button>
            ) : (
              <Button variant="primary" onClick={finish}>
                Done
              </Button>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}

function InstallStep({ project }: { project: ProjectSummary | null }) {
  if (!project) return <NoContent size="small" title="Create a project first." />;
  // The install instructions come from the recording plugin; without it there is nothing to install.
  return (
    <Slot
      slot={hostSlots.onboardingInstalling}
      props={{ project }}
      fallback={
        <div className="cs-stack">
          <div className="cs-kv">
            <span className="cs-kv__label">Project key</span>
            <code className="cs-code-inline">{project.projectKey}</code>
            <CopyButton content={project.projectKey} />
          </div>
          <NoContent size="small" title="Recording is turned off on this server." subtext="Enable the ingest plugin in config/cassette.json to install the tracker." />
        </div>
      }
    />
  );
}

function IdentifyStep({ project }: { project: ProjectSummary | null }) {
  const snippet = `tracker?.setUserID('john@example.com');
tracker?.setMetadata('plan', 'premium');`;
  return (
    <Slot
      slot={hostSlots.onboardingIdentifyUsers}
      props={{ project }}
      fallback={
        <div className="cs-stack">
          <p>Tell Cassette who your users are, so you can find their sessions by user id and by your own metadata.</p>
          <div className="cs-code">
            <pre>{snippet}</pre>
            <CopyButton content={snippet} className="cs-code__copy" />
          </div>
          <p className="cs-muted">
            Metadata keys are declared per project in <Link to={settingsPath('metadata')}>Preferences › Metadata</Link> (up to 10).
          </p>
        </div>
      }
    />
  );
}

function TeamStep() {
  const { account } = useHost();
  if (!(account.admin || account.superAdmin)) return <p>Ask an admin of your organization to invite your teammates.</p>;
  return (
    <div className="cs-stack">
      <p>Invite the developers, product owners and support agents who should watch sessions. Each invitation gives a link to share.</p>
      <InviteMemberForm />
    </div>
  );
}
