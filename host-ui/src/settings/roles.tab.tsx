import { useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  FormErrors,
  Input,
  permanentDeleteQuestion,
  PERMISSION_LABELS,
  PERMISSIONS,
  SidePanel,
  Textarea,
  useHost,
  type Permission,
} from '@cassette/plugin-sdk/ui';
import { errorsOf } from '../app/errors.js';
import type { Role } from '../session/types.js';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.js';
import { ResourceList } from './resource-list.js';
import { SettingsHeader } from './settings-header.js';
import { useConfirmedDelete } from './use-confirmed-delete.js';
import { useResource } from './use-resource.js';
import { roleErrors } from './validation.js';
import { RowActions, SettingsTable } from './settings-table.js';

export default function RolesTab() {
  const { projects } = useHost();
  const roles = useResource<Role[]>('/client/roles');
  const [panel, setPanel] = useState<{ role?: Role } | null>(null);
  const [deleteErrors, setDeleteErrors] = useState<string[]>([]);
  const projectName = (id: number) => projects.find((p) => p.id === id)?.name ?? `#${id}`;

  const removal = useConfirmedDelete<Role>({
    path: (m) => `/client/roles/${m.roleId}`,
    deleted: 'Role deleted',
    failed: 'Could not delete the role',
    after: () => roles.reload(),
    onErrors: setDeleteErrors,
  });

  return (
    <div className="cs-stack-lg">
      <SettingsHeader
        title="Roles"
        description="What members of each role may see, and in which projects."
        actions={
          <Button variant="primary" onClick={() => setPanel({})}>
            Add Role
          </Button>
        }
      />
      {deleteErrors.length > 0 && (
        <div className="cs-card cs-card--tight">
          <FormErrors errors={deleteErrors} />
          <Button size="small" variant="link" onClick={() => setDeleteErrors([])}>
            Dismiss
          </Button>
        </div>
      )}
      <section className="cs-card cs-card--flush">
        <ResourceList resource={roles}>
          {(items) => (
            <SettingsTable columns={['Name', 'Permissions', 'Projects']} withActions>
              {items.map((role) => (
                <tr key={role.roleId}>
                  <td>
                    <div className="cs-strong">
                      {role.name} {role.protected && <span className="cs-badge">Protected</span>}
                    </div>
                    {role.description && <div className="cs-muted cs-small">{role.description}</div>}
                  </td>
                  <td>
                    <div className="cs-chips">
                      {role.permissions.length === 0 && <span className="cs-muted">None</span>}
                      {role.permissions.map((p) => (
                        <span key={p} className="cs-chip">
                          {PERMISSION_LABELS[p] ?? p}
                        </span>
                      ))}
                    </div>
                  </td>
                  <td>{role.allProjects ? 'All projects' : role.projects.map(projectName).join(', ')}</td>
                  <RowActions
                    name={role.name}
                    editLabel={role.protected ? 'View' : 'Edit'}
                    deleteDisabled={role.protected}
                    onEdit={() => setPanel({ role })}
                    onDelete={() => removal.ask(role)}
                  />
                </tr>
              ))}
            </SettingsTable>
          )}
        </ResourceList>
      </section>
      {panel && (
        <SidePanel title={panel.role ? (panel.role.protected ? panel.role.name : 'Edit Role') : 'New Role'} onClose={() => setPanel(null)}>
          <RoleForm
            role={panel.role}
            onSaved={() => {
              setPanel(null);
              roles.reload();
            }}
          />
        </SidePanel>
      )}
      <ConfirmDeleteDialog removal={removal} message={(role) => permanentDeleteQuestion(`the role "${role.name}"`)} />
    </div>
  );
}

function RoleForm({ role, onSaved }: { role?: Role; onSaved(): void }) {
  const { api, toast, projects } = useHost();
  const readOnly = role?.protected === true;
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [permissions, setPermissions] = useState<Permission[]>(role?.permissions ?? []);
  const [allProjects, setAllProjects] = useState(role?.allProjects ?? true);
  const [chosen, setChosen] = useState<number[]>(role?.projects ?? []);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const draft = { name: name.trim(), allProjects, projects: allProjects ? [] : chosen };
    const local = roleErrors(draft);
    if (local.length) {
      setErrors(local);
      return;
    }
    setSaving(true);
    setErrors([]);
    const body = { ...draft, description: description.trim() || undefined, permissions: PERMISSIONS.filter((p) => permissions.includes(p)) };
    try {
      if (role) await api.post<Role>(`/client/roles/${role.roleId}`, body);
      else await api.put<Role>('/client/roles', body);
      toast(role ? 'Role updated' : 'Role created', 'success');
      onSaved();
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="cs-form" onSubmit={submit} noValidate>
      {readOnly && <p className="cs-notice">This role is protected and cannot be changed.</p>}
      <fieldset className="cs-fieldset" disabled={readOnly}>
        <Input
          label="Name"
          name="name"
          required
          autoFocus
          maxLength={40}
          value={name}
          hint="Letters, digits, spaces, - and _."
          onChange={(e) => setName(e.target.value)}
        />
        <Textarea label="Description" name="description" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
        <fieldset className="cs-fieldset cs-fieldset--group">
          <legend className="cs-field__label">Permissions</legend>
          {PERMISSIONS.map((p) => (
            <Checkbox key={p} label={PERMISSION_LABELS[p]} checked={permissions.includes(p)} onChange={(e) => setPermissions((list) => toggle(list, p, e.target.checked))} />
          ))}
        </fieldset>
        <fieldset className="cs-fieldset cs-fieldset--group">
          <legend className="cs-field__label">Projects</legend>
          <Checkbox toggle label="All projects" checked={allProjects} onChange={(e) => setAllProjects(e.target.checked)} />
          {!allProjects && (
            <div className="cs-check-list" role="group" aria-label="Projects">
              {projects.map((project) => (
                <Checkbox key={project.id} label={project.name} checked={chosen.includes(project.id)} onChange={(e) => setChosen((list) => toggle(list, project.id, e.target.checked))} />
              ))}
            </div>
          )}
        </fieldset>
      </fieldset>
      <FormErrors errors={errors} />
      {!readOnly && (
        <div className="cs-form__actions">
          <Button type="submit" variant="primary" loading={saving} disabled={!name.trim()}>
            Save
          </Button>
        </div>
      )}
    </form>
  );
}
