import { useState } from 'react';
import { Button, CopyButton, hostSlots, NoContent, SidePanel, Slot, useHost } from '@cassette/plugin-sdk/ui';
import { useSession } from '../session/session.js';
import type { Project } from '../session/types.js';
import { canAddProject } from '../shell/account-rules.js';
import { StatusDot } from '../shell/StatusDot.js';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.js';
import { GdprForm } from './GdprForm.js';
import { ProjectForm, ProjectFormPanel } from './ProjectForm.js';
import { SettingsHeader } from './SettingsHeader.js';
import { useConfirmedDelete } from './useConfirmedDelete.js';

export default function ProjectsTab() {
  const { account, reloadProjects } = useHost();
  const { projects } = useSession();
  const isAdmin = account.admin || account.superAdmin;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Project | null>(null);

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
      <section className="cs-card cs-card--flush">
        {projects.length === 0 ? (
          <NoContent />
        ) : (
          <table className="cs-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Host</th>
                <th scope="col">Project key</th>
                {isAdmin && (
                  <th scope="col">
                    <span className="cs-visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {projects.map((project) => (
                <tr key={project.id}>
                  <td>
                    <div className="cs-project-name">
                      <StatusDot status={project.status} />
                      <span className="cs-strong">{project.name}</span>
                    </div>
                  </td>
                  <td>{project.host || <span className="cs-muted">—</span>}</td>
                  <td>
                    <div className="cs-key">
                      <code className="cs-code-inline">{project.projectKey}</code>
                      <CopyButton content={project.projectKey} />
                    </div>
                  </td>
                  {isAdmin && (
                    <td className="cs-table__actions">
                      <Button size="small" variant="ghost" aria-label={`Edit ${project.name}`} onClick={() => setEditing(project)}>
                        Edit
                      </Button>
                      <Button size="small" variant="ghost" aria-label={`Delete ${project.name}`} disabled={projects.length <= 1} onClick={() => removal.ask(project)}>
                        Delete
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {adding && (
        <ProjectFormPanel
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            void reloadProjects().catch(() => {});
          }}
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
          <Slot name={hostSlots.projectPrivacy} props={{ projectId: editing.id }} />
        </SidePanel>
      )}
      <ConfirmDeleteDialog removal={removal} message={(project) => `Are you sure you want to permanently delete the project "${project.name}" and its recordings?`} />
    </div>
  );
}
