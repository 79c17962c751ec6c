import { useState } from 'react';
import { Button, CopyButton, COPY_FEEDBACK_SHORT_MS, hostSlots, NoContent, permanentDeleteQuestion, SidePanel, Slot, Tooltip, useHost } from '@cassette/plugin-sdk/ui';
import { useSession } from '../session/session.js';
import type { Project } from '../session/types.js';
import { canAddProject, hostPrompt, projectHostProblem } from '../shell/account-rules.js';
import { StatusDot } from '../shell/status-dot.js';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.js';
import { GdprForm } from './gdpr-form.js';
import { ProjectForm, ProjectFormPanel } from './project-form.js';
import { SettingsHeader } from './settings-header.js';
import { useConfirmedDelete } from './use-confirmed-delete.js';
import { RowActions, SettingsTable } from './settings-table.js';

export default function ProjectsTab() {
  const { account, reloadProjects } = useHost();
  const { projects } = useSession();
  const isAdmin = account.admin || account.superAdmin;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Project | null>(null);
  const prompt = hostPrompt(projects, isAdmin);

  const removal = useConfirmedDelete<Project>({
    path: (m) => `/projects/${m.id}`,
    deleted: 'Project deleted',
    failed: 'Could not delete the project',
    after: () => reloadProjects(),
  });

  return (
    <div className="cs-stack-lg">
      <SettingsHeader
        title="Projects"
        description="The websites Cassette records. Each has its own project key."
        actions={
          isAdmin ? (
            <Button variant="primary" disabled={!canAddProject(account)} onClick={() => setAdding(true)}>
              Add Project
            </Button>
          ) : undefined
        }
      />
      {prompt && (
        <p className="cs-notice" role="status" data-testid="host-prompt">
          {prompt}
        </p>
      )}
      <section className="cs-card cs-card--flush">
        {projects.length === 0 ? (
          <NoContent />
        ) : (
          <SettingsTable columns={['Name', 'Host', 'Project key']} withActions={isAdmin}>
            {projects.map((project) => (
              <tr key={project.id}>
                <td>
                  <div className="cs-project-name">
                    <StatusDot status={project.status} />
                    <span className="cs-strong">{project.name}</span>
                  </div>
                </td>
                <td>
                  <HostCell host={project.host} />
                </td>
                <td>
                  <div className="cs-key">
                    <code className="cs-code-inline">{project.projectKey}</code>
                    <CopyButton content={project.projectKey} feedbackMs={COPY_FEEDBACK_SHORT_MS} />
                  </div>
                </td>
                {isAdmin && (
                  <RowActions name={project.name} deleteDisabled={projects.length <= 1} onEdit={() => setEditing(project)} onDelete={() => removal.ask(project)} />
                )}
              </tr>
            ))}
          </SettingsTable>
        )}
      </section>
      {adding && (
        <ProjectFormPanel
          onClose={() => setAdding(false)}
          onSaved={() => void reloadProjects().catch(() => {})}
        />
      )}
      {editing && (
        <SidePanel title="Edit Project" onClose={() => setEditing(null)}>
          <ProjectForm
            project={editing}
            onSaved={(saved) => {
              setEditing({ ...editing, ...saved });
              void reloadProjects().catch(() => {});
            }}
          />
          <hr className="cs-divider" />
          <h3 className="cs-section-title">Privacy (GDPR)</h3>
          <GdprForm projectId={editing.id} />
          <Slot slot={hostSlots.projectPrivacy} props={{ projectId: editing.id }} />
        </SidePanel>
      )}
      <ConfirmDeleteDialog removal={removal} message={(project) => permanentDeleteQuestion(`the project "${project.name}" and its recordings`)} />
    </div>
  );
}

const HOST_PROBLEM_TEXT = {
  missing: { badge: 'Not set', reason: 'Replays of this project trust any page address a recording names until its host is set.' },
  invalid: { badge: 'Not a host', reason: 'This host is not a host name: replays of this project trust any page address a recording names until it is corrected.' },
} as const;

/** The project's host, or a warning badge (reason as its tooltip) when it is missing or unreadable. */
function HostCell({ host }: { host: string }) {
  const problem = projectHostProblem(host);
  if (!problem) return <>{host}</>;
  const text = HOST_PROBLEM_TEXT[problem];
  return (
    <span className="cs-host-cell">
      {host && <span className="cs-muted">{host}</span>}
      <Tooltip content={text.reason}>
        <span className="cs-badge cs-badge--warning" tabIndex={0} aria-label={`${text.badge}: ${text.reason}`}>
          {text.badge}
        </span>
      </Tooltip>
    </span>
  );
}
