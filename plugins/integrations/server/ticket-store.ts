import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { Ticket } from '../shared/integration.js';

/** A ticket created from a session, as remembered here (the tool keeps the rest). */
export interface SessionTicket {
  sessionId: string;
  provider: string;
  ticketProjectId: string;
  ticketId: string;
  title: string;
  url: string;
  createdAt: number;
}

interface TicketRow {
  session_id: string;
  provider: string;
  ticket_project_id: string;
  ticket_id: string;
  title: string;
  url: string;
  created_at: Date | string;
}

const fromRow = (r: TicketRow): SessionTicket => ({
  sessionId: r.session_id,
  provider: r.provider,
  ticketProjectId: r.ticket_project_id,
  ticketId: r.ticket_id,
  title: r.title,
  url: r.url,
  createdAt: new Date(r.created_at).getTime(),
});

export async function rememberTicket(run: SqlRunner, projectId: number, ticket: SessionTicket): Promise<void> {
  await run(sql`insert into integrations_tickets (project_id, session_id, provider, ticket_project_id, ticket_id, title, url, created_at)
    values (${projectId}, ${ticket.sessionId}, ${ticket.provider}, ${ticket.ticketProjectId}, ${ticket.ticketId}, ${ticket.title}, ${ticket.url}, ${new Date(ticket.createdAt)})`);
}

/** The session's tickets, oldest first. */
export async function sessionTickets(run: SqlRunner, projectId: number, sessionId: string): Promise<SessionTicket[]> {
  const rows = await run<TicketRow>(sql`select * from integrations_tickets where project_id = ${projectId} and session_id = ${sessionId} order by created_at, ticket_row_id`);
  return rows.map(fromRow);
}

/** A ticket created from one of the project's sessions, by its id in the tool (the latest, if the tool reuses ids across providers). */
export async function findTicket(run: SqlRunner, projectId: number, ticketId: string, where: { sessionId?: string; provider?: string } = {}): Promise<SessionTicket | null> {
  const rows = await run<TicketRow>(sql`select * from integrations_tickets where project_id = ${projectId} and ticket_id = ${ticketId}
    and (${where.sessionId ?? null}::text is null or session_id = ${where.sessionId ?? null})
    and (${where.provider ?? null}::text is null or provider = ${where.provider ?? null})
    order by created_at desc, ticket_row_id desc limit 1`);
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function forgetSessionTickets(run: SqlRunner, projectId: number, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await run(sql`delete from integrations_tickets where project_id = ${projectId} and session_id in (${[...sessionIds]})`);
}

/** The ticket as remembered, for when the tool cannot be asked. */
export function rememberedTicket(t: SessionTicket): Ticket {
  return { id: t.ticketId, projectId: t.ticketProjectId, title: t.title, description: '', issueType: '', assignee: null, closed: false, commentsCount: 0, timestamp: t.createdAt, url: t.url };
}
