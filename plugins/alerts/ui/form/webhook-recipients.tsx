import { Link } from 'react-router-dom';
import { Select } from '@cassette/plugin-sdk/ui';
import type { Webhook, WebhookType } from '@cassette/plugin-webhooks/api';
import { WEBHOOK_SETTINGS_PATH } from '../paths.js';

export interface WebhookRecipientsProps {
  type: WebhookType;
  /** The organization's webhooks of both types; null while loading. */
  webhooks: Webhook[] | null;
  selected: number[];
  onChange(selected: number[]): void;
}

const WORDS: Record<WebhookType, { add: string; none: string; testId: string }> = {
  slack: { add: 'Add Slack channel', none: 'No Slack channels yet.', testId: 'slack-recipients' },
  webhook: { add: 'Add webhook', none: 'No webhooks yet.', testId: 'webhook-recipients' },
};

/**
 * The recipients of the Slack or the Webhook channel: picked from the organization's webhooks of
 * that type, each once (spec part 1 §5); with none of the type, a link to where they are added.
 */
export function WebhookRecipients({ type, webhooks, selected, onChange }: WebhookRecipientsProps) {
  const words = WORDS[type];
  const ofType = (webhooks ?? []).filter((w) => w.type === type);
  const nameOf = (id: number) => ofType.find((w) => w.webhookId === id)?.name ?? `Removed webhook #${id}`;
  const left = ofType.filter((w) => !selected.includes(w.webhookId));
  return (
    <div className="cs-alert-form__recipients" data-testid={words.testId}>
      <ul>
        {selected.map((id) => (
          <li key={id} data-field="recipient">
            {nameOf(id)}
            <button type="button" className="cs-icon-btn" aria-label={`Remove ${nameOf(id)}`} onClick={() => onChange(selected.filter((s) => s !== id))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      {webhooks !== null && ofType.length === 0 ? (
        <p className="cs-muted" data-testid={`${words.testId}-none`}>
          {words.none} <Link to={WEBHOOK_SETTINGS_PATH}>Add one in Preferences › Webhooks</Link>
        </p>
      ) : (
        <Select
          aria-label={words.add}
          placeholder={webhooks === null ? 'Loading…' : left.length === 0 ? 'All added' : words.add}
          options={left.map((w) => ({ value: String(w.webhookId), label: w.name }))}
          value=""
          disabled={left.length === 0}
          onChange={(e) => e.target.value && onChange([...selected, Number(e.target.value)])}
        />
      )}
    </div>
  );
}
