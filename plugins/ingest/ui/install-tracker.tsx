import { CopyButton, useHost, type ProjectSummary } from '@cassette/plugin-sdk/ui';
import { CodeBlock } from './code-block.js';
import { RecordingStatus, useProjectStatusPolling } from './recording-status.js';
import { NPM_INSTALL, demoSiteUrl, npmSnippet, scriptTagSnippet } from './tracker-snippets.js';

export interface InstallTrackerViewProps {
  project: ProjectSummary;
  /** This server's origin as the browser sees it: what the website's visitors will reach. */
  origin: string;
  demoEnabled: boolean;
}

export function InstallTrackerView({ project, origin, demoEnabled }: InstallTrackerViewProps) {
  const target = { origin, projectKey: project.projectKey };
  return (
    <div className="cs-stack cs-install">
      <RecordingStatus status={project.status} />
      <p>Add the tracker to every page of your website. It records visits from the moment it starts.</p>
      <div className="cs-kv">
        <span className="cs-kv__label">Project key</span>
        <code className="cs-code-inline" data-testid="project-key">
          {project.projectKey}
        </code>
        <CopyButton content={project.projectKey} />
      </div>

      <h3 className="cs-install__title">With a script tag</h3>
      <p>
        Paste this into the <code className="cs-code-inline">&lt;head&gt;</code> of every page:
      </p>
      <CodeBlock code={scriptTagSnippet(target)} label="Script tag snippet" />

      <h3 className="cs-install__title">With npm</h3>
      <p>
        Install the package: <code className="cs-code-inline">{NPM_INSTALL}</code>
      </p>
      <p>Then start it once, when your app loads:</p>
      <CodeBlock code={npmSnippet(target)} label="npm snippet" />

      <p className="cs-muted">
        Passwords are never recorded. Add <code className="cs-code-inline">data-cassette-mask</code> to an element to mask its text and inputs, or{' '}
        <code className="cs-code-inline">data-cassette-hide</code> to leave it out of recordings. Input and text masking per project are in Preferences › Projects.
      </p>

      {demoEnabled && (
        <div className="cs-install__demo">
          <div>
            <strong>No website at hand?</strong>
            <p className="cs-muted">A small shop with the tracker installed is served by this server. Click around in it, then come back here.</p>
          </div>
          <a className="cs-btn cs-btn--secondary" href={demoSiteUrl(project.projectKey)} target="_blank" rel="noopener">
            Try it on the demo site
          </a>
        </div>
      )}
    </div>
  );
}

/** Fill of the host's onboarding "installing" slot. */
export function InstallTrackerStep({ project }: { project: ProjectSummary | null }) {
  const { enabledPlugins, reloadProjects } = useHost();
  useProjectStatusPolling(project?.status ?? 'green', reloadProjects);
  if (!project) return null;
  return <InstallTrackerView project={project} origin={window.location.origin} demoEnabled={enabledPlugins.includes('demo')} />;
}
