import type { SecretsService } from '@cassette/plugin-sdk/server';
import type { Webhook } from '../shared/webhook.js';
import type { WebhookRow } from './webhook-store.js';

const HIDDEN = '••••••••';

/**
 * An auth header as the settings tab may show it: the scheme (`Bearer`, `Basic`) and the last 4
 * characters of a long credential, enough to tell two apart, never enough to use one.
 */
export function maskAuthHeader(value: string): string {
  const space = value.indexOf(' ');
  const scheme = space > 0 && space <= 20 ? value.slice(0, space + 1) : '';
  const credential = value.slice(scheme.length);
  return `${scheme}${HIDDEN}${credential.length >= 16 ? credential.slice(-4) : ''}`;
}

/** A stored webhook as the routes answer it; `withEndpoint` for admins only. */
export function webhookView(row: WebhookRow, secrets: SecretsService, withEndpoint: boolean): Webhook {
  const view: Webhook = {
    webhookId: row.webhook_id,
    type: row.type,
    name: row.name,
    authHeaderSet: row.auth_header_sealed !== null,
    createdAt: new Date(row.created_at).getTime(),
  };
  if (withEndpoint) view.endpoint = secrets.decrypt(row.endpoint_sealed);
  if (withEndpoint && row.auth_header_sealed !== null) view.authHeaderMasked = maskAuthHeader(secrets.decrypt(row.auth_header_sealed));
  return view;
}
