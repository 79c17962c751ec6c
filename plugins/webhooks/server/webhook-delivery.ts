// The one place webhooks are sent: the test button and other plugins (alerts) deliver through here.
import { OutboundHttpError, type Logger, type OutboundHttpClient, type SecretsService, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { WebhookMessage, WebhooksService } from '../api.js';
import { WEBHOOK_NOT_FOUND, type DeliveryFailure, type DeliveryOutcome } from '../shared/webhook.js';
import { genericBody, slackBody } from './delivery-payload.js';
import { signatureOf } from './signature.js';
import { findWebhook, type WebhookRow } from './webhook-store.js';

/** A receiver has this long for the whole exchange; an alert must not wait on a slow one. */
export const DELIVERY_TIMEOUT_MS = 10_000;
const CONNECT_TIMEOUT_MS = 5_000;
/** Each hop's address is checked again by the outbound client; 307/308 keep the POST and its body. */
const MAX_REDIRECTS = 3;
export const USER_AGENT = 'Cassette-Webhooks/1.0';

export interface DeliveryDeps {
  sql: SqlRunner;
  secrets: SecretsService;
  outboundHttp: OutboundHttpClient;
  logger: Logger;
  /** The clock of `X-Cassette-Timestamp` and `sentAt` (tests pin it). */
  now?: () => Date;
}

const TYPE_NAMES = { slack: 'Slack', webhook: 'generic' } as const;

const FAILURE_TEXT: Record<Exclude<DeliveryFailure, 'not_found' | 'bad_status'>, string> = {
  refused_address: "Refused: the endpoint's address is not a public address",
  invalid_url: 'Refused: the endpoint is not an http(s) URL',
  timeout: `The receiver did not answer within ${DELIVERY_TIMEOUT_MS / 1000} seconds`,
  network: 'Could not reach the receiver',
  too_many_redirects: `The receiver redirected more than ${MAX_REDIRECTS} times`,
};

/** What an outbound failure means to the admin who pressed "Send test". */
function failureOutcome(error: OutboundHttpError): DeliveryOutcome {
  if (error.code === 'bad_status' || error.code === 'too_large') return { ok: false, reason: 'bad_status', status: error.status, message: error.message };
  const detail = error.code === 'network' ? ` (${error.message})` : '';
  return { ok: false, reason: error.code, message: `${FAILURE_TEXT[error.code]}${detail}` };
}

/** The request a webhook gets: Slack's JSON, or the generic JSON with the auth header and the signature. */
function requestFor(row: WebhookRow, message: WebhookMessage, secrets: SecretsService, sentAt: Date): { body: string; headers: Record<string, string> } {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': USER_AGENT };
  if (row.type === 'slack') return { body: slackBody(message), headers };
  const body = genericBody(row.webhook_id, message, sentAt);
  const timestamp = String(Math.floor(sentAt.getTime() / 1000));
  headers['x-cassette-timestamp'] = timestamp;
  if (row.signing_secret_sealed) headers['x-cassette-signature'] = signatureOf(secrets.decrypt(row.signing_secret_sealed), timestamp, body);
  if (row.auth_header_sealed) headers.authorization = secrets.decrypt(row.auth_header_sealed);
  return { body, headers };
}

export function createWebhookDelivery(deps: DeliveryDeps): WebhooksService {
  const now = deps.now ?? (() => new Date());
  return {
    async deliver(tenantId, webhookId, message, options = {}) {
      const row = await findWebhook(deps.sql, tenantId, webhookId);
      if (!row) return { ok: false, reason: 'not_found', message: WEBHOOK_NOT_FOUND };
      if (options.type && row.type !== options.type) return { ok: false, reason: 'not_found', message: `${WEBHOOK_NOT_FOUND}: webhook ${webhookId} is not a ${TYPE_NAMES[options.type]} webhook` };
      const { body, headers } = requestFor(row, message, deps.secrets, now());
      let outcome: DeliveryOutcome;
      try {
        // The answer's body is not read: only its status matters, and a receiver cannot make us download anything.
        const res = await deps.outboundHttp.stream(deps.secrets.decrypt(row.endpoint_sealed), {
          method: 'POST',
          headers,
          body,
          timeoutMs: DELIVERY_TIMEOUT_MS,
          connectTimeoutMs: CONNECT_TIMEOUT_MS,
          maxRedirects: MAX_REDIRECTS,
        });
        res.body.destroy();
        outcome =
          res.status >= 200 && res.status < 300
            ? { ok: true, status: res.status, message: `Delivered: the receiver answered ${res.status}` }
            : { ok: false, reason: 'bad_status', status: res.status, message: `The receiver answered ${res.status}` };
      } catch (error) {
        if (!(error instanceof OutboundHttpError)) throw error;
        outcome = failureOutcome(error);
      }
      deps.logger.info({ tenantId, webhookId, event: message.event, ok: outcome.ok, reason: outcome.ok ? undefined : outcome.reason, status: outcome.status }, 'webhook delivery');
      return outcome;
    },
  };
}
