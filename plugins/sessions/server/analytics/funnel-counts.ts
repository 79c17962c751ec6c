import { joinSql, sql, SQL_TRUE, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext, SessionFilterCompiler } from '../../api.js';
import type { FunnelCounts, FunnelQuery } from '../../shared/analytics.js';
import { runAnalytics } from './analytics-statement.js';
import { checkFunnelQuery } from './funnel-input.js';
import { distinctUsers } from './distinct-users.js';
import { funnelStageClauses, stageTable } from './funnel-stages.js';

export interface StageRow {
  stage: number;
  sessions: number;
  users: number;
}

/** Rows `(stage, sessions, users)` for stages 1..`stages`, read from the stage clauses (funnel-stages.ts). */
export function stageCountRows(stages: number): SqlFragment {
  const perStage = Array.from({ length: stages }, (_, i) => {
    const stage = stageTable(i + 1);
    return sql`select ${i + 1}::int as stage, (select count(*) from ${stage})::int as sessions, ${distinctUsers(stage, SQL_TRUE)} as users`;
  });
  return joinSql(perStage, ' union all ');
}

/** The counts of every stage, 0 for a stage no row names. */
export function countsOf(rows: readonly StageRow[], stages: number): FunnelCounts {
  const byStage = new Map(rows.map((row) => [Number(row.stage), row]));
  return {
    stages: Array.from({ length: stages }, (_, i) => {
      const row = byStage.get(i + 1);
      return { sessionsCount: Number(row?.sessions ?? 0), usersCount: Number(row?.users ?? 0) };
    }),
  };
}

/** Sessions and users per stage, in one statement. */
export async function funnelCounts(run: SqlRunner, compiler: SessionFilterCompiler, query: FunnelQuery, context: FilterCompileContext): Promise<FunnelCounts> {
  checkFunnelQuery(query);
  const stages = query.steps.length;
  const rows = await runAnalytics<StageRow>(run, sql`with ${funnelStageClauses(compiler, query, context, stages)} ${stageCountRows(stages)}`);
  return countsOf(rows, stages);
}
