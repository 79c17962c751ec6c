// Preferences › Webhooks (spec part 2 §2): the organization's chat and generic webhooks; admins add, edit, test and delete.
import { useState } from 'react';
import { Button, CONFIRM_DELETE_LABEL, ConfirmDialog, CopyButton, FormErrors, Loader, Modal, NoContent, permanentDeleteQuestion, SidePanel, useHost } from '@cassette/plugin-sdk/ui';
import type { CreatedWebhook, DeliveryOutcome, Webhook } from '../shared/webhook.js';
import { AddToSlack } from './add-to-slack.js';
import { errorsOf } from './api-errors.js';
import { useWebhooks } from './use-webhooks.js';
import './webhooks.css';
import { WebhookForm } from './webhook-form.js';
import { itemPath, signingSecretPath, testPath, TYPE_LABELS } from './webhook-paths.js';

interface SecretShown {
  name: string;
  secret: string;
  justCreated: boolean;
}

export default function WebhooksTab() {
  const { api, account, toast } = useHost();
  const isAdmin = account.admin || account.superAdmin;
  const list = useWebhooks();
  const [panel, setPanel] = useState<{ webhook?: Webhook } | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [testing, setTesting] = useState<number | null>(null);
  const [outcomes, setOutcomes] = useState<Record<number, DeliveryOutcome | { ok: false; message: string }>>({});
  const [secret, setSecret] = useState<SecretShown | null>(null);

  const sendTest = async (webhook: Webhook) => {
    setTesting(webhook.webhookId);
    try {
      const outcome = await api.post<DeliveryOutcome>(testPath(webhook.webhookId));
      setOutcomes((o) => ({ ...o, [webhook.webhookId]: outcome }));
    } catch (error) {
      setOutcomes((o) => ({ ...o, [webhook.webhookId]: { ok: false, message: errorsOf(error).join(' ') } }));
    } finally {
      setTesting(null);
    }
  };

  const showSecret = async (webhook: Webhook) => {
    try {
      const { signingSecret } = await api.get<{ signingSecret: string }>(signingSecretPath(webhook.webhookId));
      setSecret({ name: webhook.name, secret: signingSecret, justCreated: false });
    } catch (error) {
      toast(errorsOf(error).join(' '), 'error');
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await api.del(itemPath(deleting));
      toast('Webhook deleted', 'success');
      list.reload();
    } catch (error) {
      toast(errorsOf(error).join(' '), 'error');
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  };

  const saved = (webhook: CreatedWebhook, created: boolean) => {
    setPanel(null);
    list.reload();
    if (created && webhook.signingSecret) setSecret({ name: webhook.name, secret: webhook.signingSecret, justCreated: true });
  };

  return (
    <div className="cs-stack-lg">
      <div className="cs-page__header">
        <div>
          <h1 className="cs-page__title">Webhooks</h1>
          <p className="cs-muted">Slack channels and endpoints that alerts can notify.</p>
        </div>
        {isAdmin && (
          <div className="cs-page__actions">
            <AddToSlack />
            <Button variant="primary" onClick={() => setPanel({})}>
              Add Webhook
            </Button>
          </div>
        )}
      </div>
      <section className="cs-card cs-card--flush">
        <FormErrors errors={list.errors} />
        {list.webhooks === null ? (
          list.errors.length === 0 && <Loader />
        ) : list.webhooks.length === 0 ? (
          <NoContent title="No webhooks yet." subtext={isAdmin ? 'Add a Slack incoming webhook or an endpoint of your own.' : 'An admin can add them.'} />
        ) : (
          <table className="cs-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                {isAdmin && <th scope="col">Endpoint</th>}
                {isAdmin && (
                  <th scope="col">
                    <span className="cs-visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {list.webhooks.map((webhook) => {
                const outcome = outcomes[webhook.webhookId];
                return (
                  <tr key={webhook.webhookId} data-testid="webhook-row">
                    <td>{webhook.name}</td>
                    <td>{TYPE_LABELS[webhook.type]}</td>
                    {isAdmin && (
                      <td>
                        <code className="cs-code-inline">{webhook.endpoint}</code>
                        {webhook.authHeaderMasked && <div className="cs-muted">Auth header: {webhook.authHeaderMasked}</div>}
                        {outcome && (
                          <div role="status" data-testid="webhook-test-outcome" className={['webhooks-outcome', outcome.ok ? 'is-ok' : 'is-failed'].join(' ')}>
                            {outcome.message}
                          </div>
                        )}
                      </td>
                    )}
                    {isAdmin && (
                      <td className="cs-table__actions">
                        <Button size="small" variant="ghost" aria-label={`Send test to ${webhook.name}`} loading={testing === webhook.webhookId} onClick={() => void sendTest(webhook)}>
                          Send test
                        </Button>
                        {webhook.type === 'webhook' && (
                          <Button size="small" variant="ghost" aria-label={`Signing secret of ${webhook.name}`} onClick={() => void showSecret(webhook)}>
                            Signing secret
                          </Button>
                        )}
                        <Button size="small" variant="ghost" aria-label={`Edit ${webhook.name}`} onClick={() => setPanel({ webhook })}>
                          Edit
                        </Button>
                        <Button size="small" variant="ghost" aria-label={`Delete ${webhook.name}`} onClick={() => setDeleting(webhook)}>
                          Delete
                        </Button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
      {panel && (
        <SidePanel title={panel.webhook ? 'Edit Webhook' : 'New Webhook'} onClose={() => setPanel(null)}>
          <WebhookForm webhook={panel.webhook} onSaved={saved} />
        </SidePanel>
      )}
      {deleting && (
        <ConfirmDialog
          message={permanentDeleteQuestion(`the webhook "${deleting.name}"`)}
          confirmLabel={CONFIRM_DELETE_LABEL}
          loading={deleteBusy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
      {secret && (
        <Modal title="Signing secret" size="small" onClose={() => setSecret(null)} footer={<Button onClick={() => setSecret(null)}>Done</Button>}>
          <p>
            {secret.justCreated ? 'Keep this secret for ' : 'The secret of '}
            <strong>{secret.name}</strong>: each delivery carries <code>X-Cassette-Signature</code>, the HMAC-SHA256 of <code>{'{X-Cassette-Timestamp}.{body}'}</code> with it.
          </p>
          <p>
            <code className="cs-code-inline webhooks-secret" data-testid="signing-secret">
              {secret.secret}
            </code>{' '}
            <CopyButton content={secret.secret} />
          </p>
        </Modal>
      )}
    </div>
  );
}
