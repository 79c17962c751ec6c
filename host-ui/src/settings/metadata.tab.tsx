import { useState, type FormEvent } from 'react';
import { Button, FormErrors, Input, NoContent, permanentDeleteQuestion, SidePanel, useHost } from '@cassette/plugin-sdk/ui';
import { errorsOf } from '../app/errors.js';
import type { CustomField } from '../session/types.js';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.js';
import { ResourceList } from './resource-list.js';
import { SettingsHeader } from './settings-header.js';
import { useConfirmedDelete } from './use-confirmed-delete.js';
import { useResource } from './use-resource.js';
import { MAX_METADATA_FIELDS, validMetadataKey } from './validation.js';
import { RowActions, SettingsTable } from './settings-table.js';

export const METADATA_KEY_HINT = 'Starts with a letter, _ or -, then letters, digits, _ or -.';

export default function MetadataTab() {
  const { currentProject, account } = useHost();
  const isAdmin = account.admin || account.superAdmin;
  const fields = useResource<CustomField[]>(currentProject ? `/${currentProject.id}/metadata` : null);
  const [panel, setPanel] = useState<{ field?: CustomField } | null>(null);
  const list = [...(fields.data ?? [])].sort((a, b) => a.index - b.index);
  const full = list.length >= MAX_METADATA_FIELDS;
  const removal = useConfirmedDelete<CustomField>({
    path: (m) => `/${currentProject?.id}/metadata/${m.index}`,
    deleted: 'Metadata deleted',
    failed: 'Could not delete the metadata',
    after: () => fields.reload(),
  });

  if (!currentProject) {
    return (
      <div className="cs-stack-lg">
        <SettingsHeader title="Metadata" />
        <div className="cs-card">
          <NoContent title="Create a project first." />
        </div>
      </div>
    );
  }

  return (
    <div className="cs-stack-lg">
      <SettingsHeader
        title="Metadata"
        description={
          <>
            Custom fields attached to the sessions of <strong>{currentProject.name}</strong>, to search sessions by them (up to {MAX_METADATA_FIELDS}).
          </>
        }
        actions={
          isAdmin ? (
            <Button variant="primary" disabled={full || fields.loading} title={full ? `Up to ${MAX_METADATA_FIELDS} metadata keys` : undefined} onClick={() => setPanel({})}>
              Add Metadata
            </Button>
          ) : undefined
        }
      />
      <section className="cs-card cs-card--flush">
        {/* Rows in index order; data stays null until the first load so the loader still shows. */}
        <ResourceList
          resource={{ ...fields, data: fields.data && list }}
          empty={<NoContent subtext="Send metadata from the tracker, e.g. tracker.setMetadata('plan', 'premium'), after declaring its key here." />}
        >
          {(items) => (
            <SettingsTable columns={['Key', 'Label']} withActions={isAdmin}>
              {items.map((field) => (
                <tr key={field.index}>
                  <td>
                    <code className="cs-code-inline">{field.key}</code>
                  </td>
                  <td>{field.label || <span className="cs-muted">—</span>}</td>
                  {isAdmin && (
                    <RowActions name={field.key} onEdit={() => setPanel({ field })} onDelete={() => removal.ask(field)} />
                  )}
                </tr>
              ))}
            </SettingsTable>
          )}
        </ResourceList>
      </section>
      {panel && (
        <SidePanel title={panel.field ? 'Edit Metadata' : 'New Metadata'} onClose={() => setPanel(null)}>
          <MetadataForm
            projectId={currentProject.id}
            field={panel.field}
            existing={list}
            onSaved={() => {
              setPanel(null);
              fields.reload();
            }}
          />
        </SidePanel>
      )}
      <ConfirmDeleteDialog removal={removal} message={(field) => permanentDeleteQuestion(`the metadata key "${field.key}"`)} />
    </div>
  );
}

function MetadataForm({ projectId, field, existing, onSaved }: { projectId: number; field?: CustomField; existing: CustomField[]; onSaved(): void }) {
  const { api, toast } = useHost();
  const [key, setKey] = useState(field?.key ?? '');
  const [label, setLabel] = useState(field?.label ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const keyInvalid = key !== '' && !validMetadataKey(key);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validMetadataKey(key)) {
      setErrors([`Invalid key. ${METADATA_KEY_HINT}`]);
      return;
    }
    if (existing.some((f) => f.key === key && f.index !== field?.index)) {
      setErrors(['This key already exists.']);
      return;
    }
    setSaving(true);
    setErrors([]);
    try {
      const body = { key, label: label.trim() || undefined };
      if (field) await api.post<CustomField>(`/${projectId}/metadata/${field.index}`, body);
      else await api.post<CustomField>(`/${projectId}/metadata`, body);
      toast(field ? 'Metadata updated' : 'Metadata added', 'success');
      onSaved();
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="cs-form" onSubmit={submit} noValidate>
      <Input
        label="Key"
        name="key"
        required
        autoFocus
        maxLength={50}
        value={key}
        hint={METADATA_KEY_HINT}
        error={keyInvalid ? `Invalid key. ${METADATA_KEY_HINT}` : undefined}
        onChange={(e) => setKey(e.target.value.trim())}
      />
      <Input label="Label" name="label" maxLength={50} value={label} placeholder="Shown instead of the key (optional)" onChange={(e) => setLabel(e.target.value)} />
      <FormErrors errors={errors} />
      <div className="cs-form__actions">
        <Button type="submit" variant="primary" loading={saving} disabled={!key || keyInvalid}>
          Save
        </Button>
      </div>
    </form>
  );
}
