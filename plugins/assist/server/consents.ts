import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';

export type ConsentKind = 'call' | 'control';
export type ConsentAnswer = 'accepted' | 'declined' | 'ended' | 'stopped';

export interface ConsentEntry {
  projectId: number;
  sessionId: string;
  agentUserId: number | null;
  kind: ConsentKind;
  answer: ConsentAnswer;
}

export async function logConsent(run: SqlRunner, entry: ConsentEntry): Promise<void> {
  await run(sql`insert into assist_consents (project_id, session_id, agent_user_id, kind, answer)
    values (${entry.projectId}, ${entry.sessionId}, ${entry.agentUserId}, ${entry.kind}, ${entry.answer})`);
}

export async function consentsOf(run: SqlRunner, projectId: number, sessionId: string): Promise<(ConsentEntry & { at: Date })[]> {
  const rows = await run<{ agent_user_id: number | null; kind: ConsentKind; answer: ConsentAnswer; at: Date }>(
    sql`select agent_user_id, kind, answer, at from assist_consents where project_id = ${projectId} and session_id = ${sessionId} order by id`,
  );
  return rows.map((r) => ({ projectId, sessionId, agentUserId: r.agent_user_id, kind: r.kind, answer: r.answer, at: new Date(r.at) }));
}

export async function deleteConsents(run: SqlRunner, projectId: number, sessionIds: readonly string[] | null): Promise<void> {
  if (sessionIds === null) await run(sql`delete from assist_consents where project_id = ${projectId}`);
  else if (sessionIds.length > 0) await run(sql`delete from assist_consents where project_id = ${projectId} and session_id in (${[...sessionIds]})`);
}
