import { badRequest } from '@cassette/plugin-sdk/server';
import type { TicketProvider } from '../api.js';
import type { Ticket, TicketActivity } from '../shared/integration.js';
import { findIntegration, listIntegrations, type SavedIntegration } from './config-store.js';
import type { IntegrationsDeps } from './deps.js';

export const NO_TICKET_PROVIDER = 'No issue tracker is connected to this project: an admin connects one (Jira, GitHub…) in Preferences › Integrations.';

export interface ConnectedProvider {
  provider: TicketProvider;
  saved: SavedIntegration;
}

/** The project's ticket provider: the connected one saved most recently. A 400 saying how to connect one when there is none. */
export async function projectTicketProvider(deps: IntegrationsDeps, projectId: number): Promise<ConnectedProvider> {
  for (const saved of await listIntegrations(deps.database.sql, deps.secrets, projectId)) {
    const provider = deps.runtime.ticketProvider(saved.name);
    if (provider && saved.connected) return { provider, saved };
  }
  throw badRequest(NO_TICKET_PROVIDER);
}

/** The provider a remembered ticket was created with, still set up for the project; null when it is gone. */
export async function providerOf(deps: IntegrationsDeps, projectId: number, name: string): Promise<ConnectedProvider | null> {
  const provider = deps.runtime.ticketProvider(name);
  if (!provider) return null;
  const saved = await findIntegration(deps.database.sql, deps.secrets, projectId, name);
  return saved ? { provider, saved } : null;
}

/** A link the browser may open: the tool's http(s) address, or nothing (never `javascript:`). */
export function safeLink(url: unknown): string {
  if (typeof url !== 'string') return '';
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : '';
  } catch {
    return '';
  }
}

/** A ticket as the wire promises it, whatever the provider filled in. */
export function wireTicket(t: Ticket, fallbackProjectId: string): Ticket {
  const ticket: Ticket = {
    id: String(t.id),
    projectId: typeof t.projectId === 'string' && t.projectId !== '' ? t.projectId : fallbackProjectId,
    title: String(t.title ?? ''),
    description: String(t.description ?? ''),
    issueType: String(t.issueType ?? ''),
    assignee: typeof t.assignee === 'string' ? t.assignee : null,
    closed: t.closed === true,
    commentsCount: Number.isFinite(t.commentsCount) ? t.commentsCount : 0,
    timestamp: Number.isFinite(t.timestamp) ? t.timestamp : 0,
    url: safeLink(t.url),
  };
  if (typeof t.iconUrl === 'string' && safeLink(t.iconUrl)) ticket.iconUrl = safeLink(t.iconUrl);
  if (Array.isArray(t.activities)) ticket.activities = t.activities.map(wireActivity);
  return ticket;
}

export function wireActivity(a: TicketActivity): TicketActivity {
  return {
    id: String(a.id),
    type: a.type === 'created' || a.type === 'status' ? a.type : 'comment',
    author: String(a.author ?? ''),
    createdAt: Number.isFinite(a.createdAt) ? a.createdAt : 0,
    message: String(a.message ?? ''),
  };
}
