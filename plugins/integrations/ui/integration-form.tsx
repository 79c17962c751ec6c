// One integration's side panel: its state, the setup guide of a log source, and for admins the
// form built from its fields, Save (the server checks the connection), Check connection, Delete.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button, CONFIRM_DELETE_LABEL, ConfirmDialog, FormErrors, Input, Loader, permanentDeleteQuestion, Select, Textarea, useHost } from '@cassette/plugin-sdk/ui';
import type { IntegrationField, IntegrationSource, IntegrationState } from '../shared/integration.js';
import { errorsOf } from './api-errors.js';
import { formProblems } from './field-rules.js';
import { configToSave, initialValues, storedSecrets } from './integration-config.js';
import { checkPath, integrationPath } from './integration-paths.js';
import { SetupGuide } from './setup-guide.js';

export const MEMBERS_NOTE = 'Only admins can connect or change integrations.';

interface IntegrationFormProps {
  projectId: number;
  source: IntegrationSource;
  /** The list changed (saved, checked, deleted): the cards reload. */
  onChanged(): void;
  /** Deleted: the panel closes. */
  onDeleted(): void;
}

type CheckOutcome = { ok: boolean; message: string };

export function IntegrationForm({ projectId, source, onChanged, onDeleted }: IntegrationFormProps) {
  const { api, account } = useHost();
  const isAdmin = account.admin || account.superAdmin;
  // Only admins may read a configuration: members see the state the cards carry.
  const [state, setState] = useState<IntegrationState | null | undefined>(isAdmin && source.configured ? undefined : null);
  const [loadErrors, setLoadErrors] = useState<string[]>([]);

  useEffect(() => {
    if (!isAdmin || !source.configured) return;
    let current = true;
    api.get<IntegrationState | null>(integrationPath(projectId, source.key)).then(
      (saved) => current && setState(saved),
      (error: unknown) => current && (setLoadErrors(errorsOf(error)), setState(null)),
    );
    return () => {
      current = false;
    };
  }, [api, isAdmin, projectId, source.configured, source.key]);

  return (
    <div className="cs-stack" data-testid="integration-panel">
      <p className="cs-muted">{source.description}</p>
      <ConnectionState source={source} state={state ?? null} />
      {source.setupGuide && <SetupGuide markdown={source.setupGuide} />}
      <FormErrors errors={loadErrors} />
      {!isAdmin ? (
        <p className="cs-muted" data-testid="integration-members-note">
          {MEMBERS_NOTE}
        </p>
      ) : state === undefined ? (
        <Loader />
      ) : (
        <ConfigForm projectId={projectId} source={source} state={state} onSaved={(saved) => (setState(saved), onChanged())} onChecked={onChanged} onDeleted={onDeleted} />
      )}
    </div>
  );
}

function ConnectionState({ source, state }: { source: IntegrationSource; state: IntegrationState | null }) {
  if (!source.configured) return <p className="integrations-state">Not connected yet.</p>;
  const connected = state ? state.connected : source.connected;
  return (
    <p className={['integrations-state', connected ? 'is-ok' : 'is-failed'].join(' ')} data-testid="integration-state">
      {connected ? 'Connected' : 'The last connection check failed'}
      {!connected && state?.lastError ? `: ${state.lastError}` : '.'}
    </p>
  );
}

interface ConfigFormProps {
  projectId: number;
  source: IntegrationSource;
  state: IntegrationState | null;
  onSaved(state: IntegrationState | null): void;
  onChecked(): void;
  onDeleted(): void;
}

function ConfigForm({ projectId, source, state, onSaved, onChecked, onDeleted }: ConfigFormProps) {
  const { api, toast } = useHost();
  const stored = useMemo(() => storedSecrets(source.fields, state), [source.fields, state]);
  const [values, setValues] = useState(() => initialValues(source.fields, state));
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const [check, setCheck] = useState<CheckOutcome | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const configured = state !== null;

  const problems = formProblems(source.key, source.fields, values, new Set(stored.keys()));
  // Messages show once the admin tried to save, then follow the typing.
  const shownProblems = submitted ? problems : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    setErrors([]);
    setCheck(null);
    try {
      const saved = await api.post<IntegrationState | null>(integrationPath(projectId, source.key), { config: configToSave(source.fields, values, stored) });
      toast(`${source.label} connected`, 'success');
      // The answer carries the new masks: typed secrets are cleared and shown masked.
      if (saved && typeof saved === 'object' && 'config' in saved) {
        setValues(initialValues(source.fields, saved));
        setSubmitted(false);
        onSaved(saved);
      } else {
        onSaved(state);
      }
    } catch (error) {
      // Nothing was saved: the tool's (or the validation's) answer says why.
      setErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  const checkConnection = async () => {
    setChecking(true);
    setCheck(null);
    try {
      const answer = await api.post<Partial<IntegrationState> | null>(checkPath(projectId, source.key));
      const ok = answer?.connected !== false;
      setCheck({ ok, message: ok ? 'Connected: the check passed.' : (answer?.lastError ?? 'The check failed.') });
    } catch (error) {
      setCheck({ ok: false, message: errorsOf(error).join(' ') });
    } finally {
      setChecking(false);
      onChecked();
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await api.del(integrationPath(projectId, source.key));
      toast(`${source.label} removed`, 'success');
      setConfirmDelete(false);
      onDeleted();
    } catch (error) {
      setConfirmDelete(false);
      setErrors(errorsOf(error));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <form className="cs-form" onSubmit={submit} noValidate aria-label={`${source.label} configuration`}>
      {source.fields.map((field) => (
        <FieldInput
          key={field.key}
          field={field}
          value={values[field.key] ?? ''}
          masked={stored.get(field.key)}
          error={shownProblems[field.key]}
          onChange={(value) => setValues((v) => ({ ...v, [field.key]: value }))}
        />
      ))}
      <FormErrors errors={errors} />
      {check && (
        <p role="status" data-testid="integration-check" className={['integrations-state', check.ok ? 'is-ok' : 'is-failed'].join(' ')}>
          {check.message}
        </p>
      )}
      <div className="cs-form__actions">
        <Button type="submit" variant="primary" loading={saving}>
          Save
        </Button>
        {configured && (
          <Button type="button" loading={checking} onClick={() => void checkConnection()}>
            Check connection
          </Button>
        )}
        {configured && (
          <Button type="button" variant="ghost" onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        )}
      </div>
      {confirmDelete && (
        <ConfirmDialog
          message={permanentDeleteQuestion(`the ${source.label} integration`)}
          confirmLabel={CONFIRM_DELETE_LABEL}
          loading={deleting}
          onConfirm={() => void remove()}
          onCancel={() => setConfirmDelete(false)}
        />
      )}
    </form>
  );
}

interface FieldInputProps {
  field: IntegrationField;
  value: string;
  /** A stored secret, as the server masks it. */
  masked?: string;
  error?: string;
  onChange(value: string): void;
}

function FieldInput({ field, value, masked, error, onChange }: FieldInputProps) {
  const [shown, setShown] = useState(false);
  const common = { label: field.label, name: field.key, required: field.required, error, autoComplete: 'off' };
  const defaultHint = field.default !== undefined ? `Default: ${field.default}` : undefined;
  if (field.kind === 'select') {
    return <Select {...common} hint={field.hint} value={value} options={(field.options ?? []).map((o) => ({ value: o.value, label: o.label }))} onChange={(e) => onChange(e.target.value)} />;
  }
  if (field.kind === 'textarea') {
    return <Textarea {...common} rows={6} hint={field.hint} placeholder={masked ?? field.placeholder} value={value} onChange={(e) => onChange(e.target.value)} />;
  }
  if (field.kind === 'secret') {
    return (
      <div className="integrations-secret">
        <Input
          {...common}
          type={shown ? 'text' : 'password'}
          placeholder={masked ?? field.placeholder}
          hint={masked ? 'Stored and hidden; type a new value to replace it.' : field.hint}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <Button type="button" size="small" variant="ghost" aria-label={`${shown ? 'Hide' : 'Show'} ${field.label}`} onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide' : 'Show'}
        </Button>
      </div>
    );
  }
  return (
    <Input
      {...common}
      type={field.kind === 'url' ? 'url' : 'text'}
      inputMode={field.kind === 'number' ? 'numeric' : undefined}
      placeholder={field.placeholder ?? (field.default !== undefined ? String(field.default) : undefined)}
      hint={field.hint ?? defaultHint}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
