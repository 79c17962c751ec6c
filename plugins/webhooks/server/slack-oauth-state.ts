// The OAuth `state` of "Add to Slack": which organization and admin asked, until when, sealed
// with the kernel's secrets service (authenticated encryption), so only a value this server
// issued, unexpired, for the same caller, lets a Slack code add a channel.
import { randomBytes } from 'node:crypto';
import type { SecretsService } from '@cassette/plugin-sdk/server';

/** Time to pick a channel in Slack and come back. */
export const SLACK_STATE_TTL_MS = 10 * 60 * 1000;

/** Marks the sealed value as this one: no other sealed string of the server passes for a state. */
const PURPOSE = 'webhooks.slackState';

interface StatePayload {
  purpose: typeof PURPOSE;
  tenantId: number;
  userId: number;
  expiresAt: number;
  nonce: string;
}

export function issueSlackState(secrets: SecretsService, caller: { tenantId: number; userId: number }, now: number): string {
  const payload: StatePayload = { purpose: PURPOSE, tenantId: caller.tenantId, userId: caller.userId, expiresAt: now + SLACK_STATE_TTL_MS, nonce: randomBytes(12).toString('base64url') };
  return Buffer.from(secrets.encrypt(JSON.stringify(payload)), 'utf8').toString('base64url');
}

export type StateReading = { ok: true } | { ok: false; reason: 'forged' | 'expired' | 'other_caller' };

/** Whether `state` is one this server issued to this caller, still within its time. */
export function readSlackState(secrets: SecretsService, state: string, caller: { tenantId: number; userId: number }, now: number): StateReading {
  let payload: Partial<StatePayload>;
  try {
    payload = JSON.parse(secrets.decrypt(Buffer.from(state, 'base64url').toString('utf8'))) as Partial<StatePayload>;
  } catch {
    return { ok: false, reason: 'forged' };
  }
  if (payload.purpose !== PURPOSE || typeof payload.tenantId !== 'number' || typeof payload.userId !== 'number' || typeof payload.expiresAt !== 'number') return { ok: false, reason: 'forged' };
  if (payload.expiresAt <= now) return { ok: false, reason: 'expired' };
  if (payload.tenantId !== caller.tenantId || payload.userId !== caller.userId) return { ok: false, reason: 'other_caller' };
  return { ok: true };
}
