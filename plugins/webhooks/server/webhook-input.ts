// Request bodies of the webhook routes, and their reading into checked values with the spec's readable messages.
import { Type } from '@sinclair/typebox';
import { badRequest } from '@cassette/plugin-sdk/server';
import { authHeaderProblems, endpointProblems, nameProblems } from '../shared/webhook.js';

// Loose lengths here: the handler reads the text and says what is wrong in words (spec §5).
const TEXT = Type.String({ maxLength: 4096 });

export const WEBHOOK_ID_PARAMS = Type.Object({ webhookId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** A generic webhook (spec "Webhook": name, endpoint, authHeader). */
export const GENERIC_WEBHOOK_BODY = Type.Object(
  {
    type: Type.Optional(Type.Literal('webhook')),
    name: TEXT,
    endpoint: TEXT,
    authHeader: Type.Optional(TEXT),
  },
  { additionalProperties: false },
);

/** On edit, a missing authHeader keeps the stored one; `removeAuthHeader` drops it (empty values never reach the server). */
export const GENERIC_WEBHOOK_UPDATE_BODY = Type.Object(
  {
    type: Type.Optional(Type.Literal('webhook')),
    name: TEXT,
    endpoint: TEXT,
    authHeader: Type.Optional(TEXT),
    removeAuthHeader: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** A chat webhook, as the spec's client sends it: the endpoint as `url`. */
export const SLACK_WEBHOOK_BODY = Type.Object({ name: TEXT, url: TEXT }, { additionalProperties: false });

export interface WebhookInput {
  name: string;
  endpoint: string;
  authHeader?: string;
}

/** The checked, trimmed fields; a 400 listing every problem otherwise. */
export function readWebhookInput(body: { name: string; endpoint: string; authHeader?: string }): WebhookInput {
  const problems = [...nameProblems(body.name), ...endpointProblems(body.endpoint), ...(body.authHeader !== undefined ? authHeaderProblems(body.authHeader) : [])];
  const [first, ...more] = problems;
  if (first) throw badRequest(first, more);
  return { name: body.name.trim(), endpoint: body.endpoint.trim(), ...(body.authHeader !== undefined ? { authHeader: body.authHeader } : {}) };
}
