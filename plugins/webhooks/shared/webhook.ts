// Wire types, limits and texts of the webhooks plugin, read by the server and the settings tab alike.

/** `slack`: a chat (Slack incoming) webhook; `webhook`: a generic webhook. Named as the alert channels name them. */
export type WebhookType = 'slack' | 'webhook';

/** A webhook as the routes answer it. The auth header and the signing secret never leave the server whole. */
export interface Webhook {
  webhookId: number;
  type: WebhookType;
  name: string;
  /** Left out for members who are not admins: a chat webhook's URL is all it takes to post to the channel. */
  endpoint?: string;
  /** True when an auth header is stored (generic webhooks). */
  authHeaderSet: boolean;
  /** The stored auth header with all but its scheme and last 4 characters hidden, e.g. `Bearer ••••••••c3d4`. */
  authHeaderMasked?: string;
  createdAt: number;
}

/** `POST /webhooks` answers the new webhook with its signing secret, shown this once (and on demand). */
export interface CreatedWebhook extends Webhook {
  signingSecret?: string;
}

/** What a delivery came to. `ok` when the receiver answered 2xx. */
export type DeliveryOutcome =
  | { ok: true; status: number; message: string }
  | { ok: false; reason: DeliveryFailure; status?: number; message: string };

export type DeliveryFailure = 'not_found' | 'refused_address' | 'invalid_url' | 'timeout' | 'network' | 'bad_status' | 'too_many_redirects';

export const WEBHOOK_NAME_MAX = 100;
export const WEBHOOK_ENDPOINT_MAX = 2048;
export const AUTH_HEADER_MAX = 1024;
/** Webhooks (both types) one organization keeps. */
export const WEBHOOKS_PER_TENANT = 50;

// Spec part 2 §5: name and endpoint required, the endpoint a valid URL, the name valid.
export const NAME_REQUIRED = 'Name is required';
export const NAME_INVALID = 'Name may contain letters, digits, spaces and - _ . \' ( ) only';
export const NAME_TOO_LONG = `Name must be at most ${WEBHOOK_NAME_MAX} characters`;
export const ENDPOINT_REQUIRED = 'Endpoint is required';
export const ENDPOINT_INVALID = 'Endpoint must be a valid URL (http or https)';
export const ENDPOINT_TOO_LONG = `Endpoint must be at most ${WEBHOOK_ENDPOINT_MAX} characters`;
export const AUTH_HEADER_INVALID = 'Auth header must be one line of printable characters';
export const AUTH_HEADER_TOO_LONG = `Auth header must be at most ${AUTH_HEADER_MAX} characters`;
export const TOO_MANY_WEBHOOKS = `An organization keeps at most ${WEBHOOKS_PER_TENANT} webhooks`;
export const WEBHOOK_NOT_FOUND = 'Webhook not found';

const NAME_PATTERN = /^[\p{L}\p{M}\p{N} _\-.'()]+$/u;
// Header values travel as latin-1 on the wire; tabs and line breaks would split or smuggle headers.
const HEADER_VALUE = /^[\x20-\x7e]+$/;

/** The readable problems of a name (trimmed first), none when valid. */
export function nameProblems(name: string): string[] {
  const trimmed = name.trim();
  if (!trimmed) return [NAME_REQUIRED];
  if (trimmed.length > WEBHOOK_NAME_MAX) return [NAME_TOO_LONG];
  return NAME_PATTERN.test(trimmed) ? [] : [NAME_INVALID];
}

/** The readable problems of an endpoint, none when it is an absolute http(s) URL with a host. */
export function endpointProblems(endpoint: string): string[] {
  const trimmed = endpoint.trim();
  if (!trimmed) return [ENDPOINT_REQUIRED];
  if (trimmed.length > WEBHOOK_ENDPOINT_MAX) return [ENDPOINT_TOO_LONG];
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return [ENDPOINT_INVALID];
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) return [ENDPOINT_INVALID];
  return [];
}

/** The readable problems of an auth header value (the whole `Authorization` value, e.g. `Bearer abc`). */
export function authHeaderProblems(value: string): string[] {
  if (value.length > AUTH_HEADER_MAX) return [AUTH_HEADER_TOO_LONG];
  return HEADER_VALUE.test(value) && value.trim() === value ? [] : [AUTH_HEADER_INVALID];
}
