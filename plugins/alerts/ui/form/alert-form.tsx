import { useMemo, useState } from 'react';
import { Button, Checkbox, ConfirmDialog, CONFIRM_DELETE_LABEL, FormErrors, Input, Select, SidePanel, Textarea } from '@cassette/plugin-sdk/ui';
import { ALERT_OPERATORS, ALERT_PERIOD_LABELS, ALERT_PERIODS, RENOTIFY_MAX_MINUTES, type Alert, type AlertPeriod, type ChangeKind, type DetectionMethod } from '../../shared/alert.js';
import type { AlertTrigger } from '../../api.js';
import { DELETE_QUESTION, FORM_WIDTH, IN_APP_NOTE } from '../constants.js';
import { addEmail, draftProblems, type AlertDraft } from './alert-draft.js';
import { useAlertForm } from './use-alert-form.js';
import { AlertHistory } from './alert-history.js';
import { useWebhookChoices } from './use-webhook-choices.js';
import { WebhookRecipients } from './webhook-recipients.js';

export interface AlertFormProps {
  projectId: number;
  initial: AlertDraft;
  triggers: AlertTrigger[] | null;
  /** `created`: a new alert was saved (the form closes); otherwise it stays open. */
  onSaved(alert: Alert, created: boolean): void;
  onDeleted(alertId: number): void;
  onClose(): void;
}

const PERIOD_OPTIONS = ALERT_PERIODS.map((p) => ({ value: String(p), label: ALERT_PERIOD_LABELS[p] }));
const OPERATOR_OPTIONS = ALERT_OPERATORS.map((o) => ({ value: o, label: o }));

/** The alert form: a 580 px right-side panel (spec part 1 §2); Save is enabled only while the alert is valid and not saving (§5). */
export function AlertForm({ projectId, initial, triggers, onSaved, onDeleted, onClose }: AlertFormProps) {
  const { actor, snapshot } = useAlertForm(projectId, initial, { onSaved, onDeleted });
  const { draft, errors } = snapshot.context;
  const saving = snapshot.matches('saving');
  const confirming = snapshot.matches('confirmingDelete') || snapshot.matches('deleting');
  const deleting = snapshot.matches('deleting');
  const webhooks = useWebhookChoices();
  const [typedEmail, setTypedEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const problems = useMemo(() => draftProblems(draft), [draft]);
  const set = (patch: Partial<AlertDraft>) => actor.send({ type: 'EDIT', patch });
  const trigger = triggers?.find((t) => t.value === draft.left);
  const unit = trigger?.unit;
  const save = () => actor.send({ type: 'SAVE' });

  const addTypedEmail = () => {
    const { list, error } = addEmail(draft.emailInput, typedEmail);
    setEmailError(error);
    if (!error) (set({ emailInput: list }), setTypedEmail(''));
  };

  const triggerOptions = (triggers ?? []).map((t) => ({ value: t.value, label: t.name }));
  if (draft.left && !triggerOptions.some((o) => o.value === draft.left)) triggerOptions.push({ value: draft.left, label: draft.left });

  return (
    <SidePanel
      title={draft.alertId === null ? 'Create Alert' : 'Edit Alert'}
      width={FORM_WIDTH}
      onClose={onClose}
      footer={
        <>
          {draft.alertId !== null && (
            <Button variant="danger" onClick={() => actor.send({ type: 'DELETE' })}>
              Delete
            </Button>
          )}
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" onClick={save} disabled={problems.length > 0 || saving} loading={saving} data-testid="alert-save">
            {draft.alertId === null ? 'Create' : 'Update'}
          </Button>
        </>
      }
    >
      <form className="cs-alert-form" data-testid="alert-form" onSubmit={(e) => (e.preventDefault(), save())}>
        <Input label="Name" placeholder="New Alert" value={draft.name} onChange={(e) => set({ name: e.target.value })} maxLength={100} />
        <Textarea label="Description" value={draft.description} onChange={(e) => set({ description: e.target.value })} maxLength={1000} rows={2} />
        <Checkbox label="Active" checked={draft.active} onChange={(e) => set({ active: e.target.checked })} toggle />

        <fieldset className="cs-alert-form__group">
          <legend>Alert based on</legend>
          <label className="cs-alert-form__radio">
            <input type="radio" name="detection" value="threshold" checked={draft.detectionMethod === 'threshold'} onChange={() => set({ detectionMethod: 'threshold' as DetectionMethod })} />
            Threshold
          </label>
          <label className="cs-alert-form__radio">
            <input type="radio" name="detection" value="change" checked={draft.detectionMethod === 'change'} onChange={() => set({ detectionMethod: 'change' as DetectionMethod })} />
            Change
          </label>
          {draft.detectionMethod === 'change' && (
            <Select label="Change type" options={[{ value: 'absolute', label: 'Absolute' }, { value: 'percent', label: 'Percent' }]} value={draft.change} onChange={(e) => set({ change: e.target.value as ChangeKind })} />
          )}
        </fieldset>

        <fieldset className="cs-alert-form__group">
          <legend>Condition</legend>
          <Select label="Trigger" placeholder={triggers === null ? 'Loading…' : 'Select Metric'} options={triggerOptions} value={draft.left} onChange={(e) => set({ left: e.target.value })} />
          {trigger?.unavailable && (
            <p className="cs-muted" data-testid="trigger-unavailable">
              {trigger.unavailable}
            </p>
          )}
          <Select label="Operator" placeholder="Select Condition" options={OPERATOR_OPTIONS} value={draft.operator} onChange={(e) => set({ operator: e.target.value as AlertDraft['operator'] })} />
          <Input
            label="Value"
            inputMode="decimal"
            placeholder="E.g. 20"
            value={draft.right}
            onChange={(e) => set({ right: e.target.value })}
            hint={draft.detectionMethod === 'change' && draft.change === 'percent' ? '%' : unit === 'ms' ? 'ms' : undefined}
          />
          <Select label="Over the past" options={PERIOD_OPTIONS} value={String(draft.currentPeriod)} onChange={(e) => set({ currentPeriod: Number(e.target.value) as AlertPeriod })} />
          {draft.detectionMethod === 'change' && (
            <Select label="Compared to previous" options={PERIOD_OPTIONS} value={String(draft.previousPeriod)} onChange={(e) => set({ previousPeriod: Number(e.target.value) as AlertPeriod })} />
          )}
          <Input
            label="Re-notify every"
            inputMode="numeric"
            value={draft.renotifyInterval}
            onChange={(e) => set({ renotifyInterval: e.target.value })}
            hint={`minutes, while the condition holds (1 to ${RENOTIFY_MAX_MINUTES})`}
          />
        </fieldset>

        <fieldset className="cs-alert-form__group">
          <legend>Notify Through</legend>
          <Checkbox label="Slack" checked={draft.slack} onChange={(e) => set({ slack: e.target.checked })} />
          {draft.slack && <WebhookRecipients type="slack" webhooks={webhooks} selected={draft.slackInput} onChange={(slackInput) => set({ slackInput })} />}
          <Checkbox label="Email" checked={draft.email} onChange={(e) => set({ email: e.target.checked })} />
          {draft.email && (
            <div className="cs-alert-form__recipients" data-testid="email-recipients">
              <ul>
                {draft.emailInput.map((email) => (
                  <li key={email} data-field="recipient">
                    {email}
                    <button type="button" className="cs-icon-btn" aria-label={`Remove ${email}`} onClick={() => set({ emailInput: draft.emailInput.filter((e) => e !== email) })}>
                      ×
                    </button>
                  </li>
                ))}
              </ul>
              <Input
                aria-label="Add recipient"
                placeholder="Type an e-mail and press Enter"
                value={typedEmail}
                error={emailError ?? undefined}
                onChange={(e) => setTypedEmail(e.target.value)}
                onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), addTypedEmail())}
              />
              <Button variant="ghost" onClick={addTypedEmail}>
                Add
              </Button>
            </div>
          )}
          <Checkbox label="Webhook" checked={draft.webhook} onChange={(e) => set({ webhook: e.target.checked })} />
          {draft.webhook && <WebhookRecipients type="webhook" webhooks={webhooks} selected={draft.webhookInput} onChange={(webhookInput) => set({ webhookInput })} />}
          {!draft.slack && !draft.email && !draft.webhook && <p className="cs-muted">{IN_APP_NOTE}</p>}
        </fieldset>

        {problems.length > 0 && (
          <ul className="cs-alert-form__problems cs-muted" data-testid="alert-problems">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
        <FormErrors errors={errors} />
        {draft.alertId !== null && <AlertHistory projectId={projectId} alertId={draft.alertId} unit={unit} />}
      </form>
      {confirming && (
        <ConfirmDialog message={DELETE_QUESTION} confirmLabel={CONFIRM_DELETE_LABEL} loading={deleting} onConfirm={() => actor.send({ type: 'CONFIRM' })} onCancel={() => actor.send({ type: 'CANCEL' })} />
      )}
    </SidePanel>
  );
}
