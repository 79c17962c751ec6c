import { useState, type FormEvent } from 'react';
import { Button, Checkbox, FormErrors, Input, readSiteHost, SidePanel, SITE_HOST_INPUT_MAX_LENGTH, useHost } from '@cassette/plugin-sdk/ui';
import { errorsOf, statusOf } from '../app/errors.js';
import type { Project } from '../session/types.js';
import { duplicateSiteName, SITE_EXISTS } from '../shell/account-rules.js';

interface ProjectFormProps {
  project?: Project;
  onSaved(project: Project): void;
}

const HOST_HINT = 'The site the tracker records, such as shop.example.com (a port may follow). Replays trust pages on this host and its subdomains only.';

/** Name and host of a project; 'Add' for a new one, 'Update' for an existing one. */
export function ProjectForm({ project, onSaved }: ProjectFormProps) {
  const { api, projects, toast } = useHost();
  const [name, setName] = useState(project?.name ?? '');
  const [host, setHost] = useState(project?.host ?? '');
  const [capturePayloads, setCapturePayloads] = useState(project?.saveRequestPayloads ?? false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [hostError, setHostError] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const exists = Boolean(project);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    const duplicate = duplicateSiteName(name, projects, project?.id);
    if (duplicate) setNameError(SITE_EXISTS);
    // Required (spec part 2 §5), also when an older project without one is edited.
    const reading = readSiteHost(host);
    if (!reading.ok) setHostError(reading.error);
    if (duplicate || !reading.ok) return;
    setSaving(true);
    setErrors([]);
    try {
      const body = { name: name.trim(), host: reading.host };
      const saved = exists
        ? await api.put<Project>(`/projects/${project?.id}`, { ...body, saveRequestPayloads: capturePayloads })
        : await api.post<Project>('/projects', body);
      toast(exists ? 'Project updated' : 'Project added', 'success');
      onSaved(saved);
    } catch (error) {
      const list = errorsOf(error);
      if (statusOf(error) === 409 || list.includes(SITE_EXISTS)) setNameError(SITE_EXISTS);
      else setErrors(list);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="cs-form" onSubmit={submit} noValidate>
      <Input
        label="Name"
        name="name"
        value={name}
        required
        maxLength={100}
        placeholder="My website"
        autoFocus
        error={nameError ?? undefined}
        onChange={(e) => {
          setName(e.target.value);
          setNameError(null);
        }}
      />
      <Input
        label="Host"
        name="host"
        value={host}
        required
        maxLength={SITE_HOST_INPUT_MAX_LENGTH}
        placeholder="www.example.com"
        hint={HOST_HINT}
        error={hostError ?? undefined}
        onChange={(e) => {
          setHost(e.target.value);
          setHostError(null);
        }}
      />
      {exists && (
        <Checkbox
          label="Capture request and response payloads"
          hint="Headers and bodies of the site's fetch and XHR calls, after its network sanitizer. Authorization and cookies are never captured."
          checked={capturePayloads}
          onChange={(e) => setCapturePayloads(e.target.checked)}
        />
      )}
      <FormErrors errors={errors} />
      <div className="cs-form__actions">
        <Button type="submit" variant="primary" loading={saving} disabled={!name.trim()}>
          {exists ? 'Update' : 'Add'}
        </Button>
      </div>
    </form>
  );
}

export function ProjectFormPanel({ project, onClose, onSaved }: ProjectFormProps & { onClose(): void }) {
  return (
    <SidePanel title={project ? 'Edit Project' : 'New Project'} onClose={onClose}>
      <ProjectForm project={project} onSaved={onSaved} />
    </SidePanel>
  );
}
