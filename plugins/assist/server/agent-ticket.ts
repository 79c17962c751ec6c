import { HttpError, type DelegatedLogin, type SecretsService } from '@cassette/plugin-sdk/server';
import { TICKET_SECONDS } from '../shared/messages.js';

const PURPOSE = 'assist.socket';
const INVALID = 'The live link is not valid or has expired: open the live session again.';

export interface AgentTicket {
  userId: number;
  tenantId: number;
  loginId: string;
  projectId: number;
  sessionId: string;
}

/**
 * A browser cannot put the login header on a WebSocket: the agent's page asks for a ticket (with
 * the header) and opens the socket with it. Sealed (AES-GCM): it cannot be made or changed, names
 * the one session it opens, and is good for a minute.
 */
export function issueAgentTicket(secrets: SecretsService, ticket: AgentTicket, now = Date.now()): { ticket: string; expiresAt: number } {
  const expiresAt = now + TICKET_SECONDS * 1000;
  const sealed = secrets.encrypt(JSON.stringify({ p: PURPOSE, u: ticket.userId, t: ticket.tenantId, l: ticket.loginId, pid: ticket.projectId, sid: ticket.sessionId, exp: expiresAt }));
  return { ticket: sealed, expiresAt };
}

/** The login the ticket stands for, when it is this session's; a 401 otherwise. */
export function verifyAgentTicket(secrets: SecretsService, sealed: string, sessionId: string, now = Date.now()): DelegatedLogin {
  let raw: { p?: unknown; u?: unknown; t?: unknown; l?: unknown; pid?: unknown; sid?: unknown; exp?: unknown };
  try {
    raw = JSON.parse(secrets.decrypt(sealed));
  } catch {
    throw new HttpError(401, INVALID);
  }
  const ok =
    raw?.p === PURPOSE && Number.isSafeInteger(raw.u) && Number.isSafeInteger(raw.t) && typeof raw.l === 'string' && Number.isSafeInteger(raw.pid) && raw.sid === sessionId && typeof raw.exp === 'number' && raw.exp > now;
  if (!ok) throw new HttpError(401, INVALID);
  return { userId: raw.u as number, tenantId: raw.t as number, loginId: raw.l as string, projectId: raw.pid as number };
}
