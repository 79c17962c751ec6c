import { useState, type FormEvent } from 'react';
import { Button, Checkbox, FormErrors, Input, Select, useHost } from '@cassette/plugin-sdk/ui';
import { AUTH_HEADER_MAX, authHeaderProblems, endpointProblems, nameProblems, WEBHOOK_ENDPOINT_MAX, WEBHOOK_NAME_MAX, type CreatedWebhook, type Webhook, type WebhookType } from '../shared/webhook.js';
import { errorsOf } from './api-errors.js';
import { createPath, itemPath, TYPE_LABELS } from './webhook-paths.js';

interface WebhookFormProps {
  /** Absent: a new webhook. */
  webhook?: Webhook;
  onSaved(saved: CreatedWebhook, created: boolean): void;
}

/** Add or edit a webhook: type (on creation), name, endpoint, and for a generic webhook an optional auth header. */
export function WebhookForm({ webhook, onSaved }: WebhookFormProps) {
  const { api, toast } = useHost();
  const [type, setType] = useState<WebhookType>(webhook?.type ?? 'webhook');
  const [name, setName] = useState(webhook?.name ?? '');
  const [endpoint, setEndpoint] = useState(webhook?.endpoint ?? '');
  const [authHeader, setAuthHeader] = useState('');
  const [removeAuthHeader, setRemoveAuthHeader] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  // Messages show once the admin tried to save, then follow the typing.
  const nameError = submitted ? nameProblems(name)[0] : undefined;
  const endpointError = submitted ? endpointProblems(endpoint)[0] : undefined;
  const authHeaderError = submitted && authHeader ? authHeaderProblems(authHeader)[0] : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (nameProblems(name).length || endpointProblems(endpoint).length || (authHeader && authHeaderProblems(authHeader).length)) return;
    setSaving(true);
    setErrors([]);
    try {
      const body =
        type === 'slack'
          ? { name: name.trim(), url: endpoint.trim() }
          : { name: name.trim(), endpoint: endpoint.trim(), authHeader: authHeader || undefined, removeAuthHeader: webhook && removeAuthHeader && !authHeader ? true : undefined };
      const saved = webhook ? await api.put<CreatedWebhook>(itemPath(webhook), body) : await api.post<CreatedWebhook>(createPath(type), body);
      toast(webhook ? 'Webhook updated' : 'Webhook added', 'success');
      onSaved(saved, !webhook);
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="cs-form" onSubmit={submit} noValidate>
      {!webhook && (
        <Select
          label="Type"
          name="type"
          value={type}
          options={(['webhook', 'slack'] as const).map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          onChange={(e) => setType(e.target.value as WebhookType)}
        />
      )}
      <Input label="Name" name="name" required autoFocus maxLength={WEBHOOK_NAME_MAX} value={name} error={nameError} onChange={(e) => setName(e.target.value)} />
      <Input
        label="Endpoint"
        name="endpoint"
        required
        type="url"
        maxLength={WEBHOOK_ENDPOINT_MAX}
        placeholder={type === 'slack' ? 'https://hooks.slack.com/services/…' : 'https://example.com/cassette-hook'}
        value={endpoint}
        error={endpointError}
        onChange={(e) => setEndpoint(e.target.value)}
      />
      {type === 'webhook' && (
        <>
          <Input
            label="Auth header"
            name="authHeader"
            maxLength={AUTH_HEADER_MAX}
            autoComplete="off"
            placeholder={webhook?.authHeaderMasked ?? 'Bearer … (optional)'}
            hint={webhook?.authHeaderSet ? 'Stored and hidden; type a new value to replace it.' : 'Sent as the Authorization header (optional).'}
            value={authHeader}
            error={authHeaderError}
            onChange={(e) => setAuthHeader(e.target.value)}
          />
          {webhook?.authHeaderSet && !authHeader && (
            <Checkbox label="Remove the auth header" name="removeAuthHeader" checked={removeAuthHeader} onChange={(e) => setRemoveAuthHeader(e.target.checked)} />
          )}
        </>
      )}
      <FormErrors errors={errors} />
      <div className="cs-form__actions">
        <Button type="submit" variant="primary" loading={saving}>
          {webhook ? 'Update' : 'Add'}
        </Button>
      </div>
    </form>
  );
}
