import { useState, type FormEvent } from 'react';
import { Button, Checkbox, type ProjectTagInput, CopyButton, COPY_FEEDBACK_SHORT_MS, FormErrors, hostSlots, Input, NoContent, readSiteHost, SidePanel, SITE_HOST_INPUT_MAX_LENGTH, Slot, useHost } from '@cassette/plugin-sdk/ui';
import { errorsOf, statusOf } from '../app/errors.js';
import type { Project } from '../session/types.js';
import { duplicateSiteName, SITE_EXISTS } from '../shell/account-rules.js';
import { ProjectTagsEditor } from './project-tags-editor.js';

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
  const [stackIntegrations, setStackIntegrations] = useState(project?.stackIntegrations ?? false);
  const [tags, setTags] = useState<ProjectTagInput[]>(project?.tags ?? []);
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
        ? await api.put<Project>(`/projects/${project?.id}`, { ...body, saveRequestPayloads: capturePayloads, stackIntegrations, tags })
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
      {exists && (
        <Checkbox
          label="Stack integrations"
          hint="This project's backend logs and error tools are connected (Preferences › Integrations), so its sessions can be followed into the backend."
          checked={stackIntegrations}
          onChange={(e) => setStackIntegrations(e.target.checked)}
        />
      )}
      {exists && <ProjectTagsEditor tags={tags} onChange={setTags} />}
      <FormErrors errors={errors} />
      <div className="cs-form__actions">
        <Button type="submit" variant="primary" loading={saving} disabled={!name.trim()}>
          {exists ? 'Update' : 'Add'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Adding or editing a project in a side panel. A new project's panel stays open once it is
 * created and shows what to do next: its project key and the tracker snippet (the recording
 * plugin's install step), so nobody has to go looking for them. `onSaved` is told at once.
 */
export function ProjectFormPanel({ project, onClose, onSaved }: ProjectFormProps & { onClose(): void }) {
  const [created, setCreated] = useState<Project | null>(null);
  if (created) {
    return (
      <SidePanel title={`Record ${created.name}`} onClose={onClose}>
        <NewProjectInstall project={created} onDone={onClose} />
      </SidePanel>
    );
  }
  return (
    <SidePanel title={project ? 'Edit Project' : 'New Project'} onClose={onClose}>
      <ProjectForm
        project={project}
        onSaved={(saved) => {
          if (!project) setCreated(saved);
          onSaved(saved);
        }}
      />
    </SidePanel>
  );
}

function NewProjectInstall({ project, onDone }: { project: Project; onDone(): void }) {
  return (
    <div className="cs-stack" data-testid="new-project-install">
      <p className="cs-notice" role="status">
        The project is created. Add the tracker to {project.host || 'the site'} to start recording its sessions.
      </p>
      <Slot
        slot={hostSlots.onboardingInstalling}
        props={{ project }}
        fallback={
          <>
            <div className="cs-kv">
              <span className="cs-kv__label">Project key</span>
              <code className="cs-code-inline" data-field="project-key">
                {project.projectKey}
              </code>
              <CopyButton content={project.projectKey} feedbackMs={COPY_FEEDBACK_SHORT_MS} />
            </div>
            <NoContent size="small" title="Recording is turned off on this server." subtext="Enable the ingest plugin in config/cassette.json to install the tracker." />
          </>
        }
      />
      <div className="cs-form__actions">
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
