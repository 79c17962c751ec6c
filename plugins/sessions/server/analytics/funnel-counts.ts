import { joinSql, sql, SQL_TRUE, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext, SessionFilterCompiler } from '../../api.js';
import type { FunnelCounts, FunnelQuery } from '../../shared/analytics.js';
import { runAnalytics } from './analytics-statement.js';
import { checkFunnelQuery } from './funnel-input.js';
import { distinctUsers } from './distinct-users.js';
import { funnelStageClauses, stageTable } from './funnel-stages.js';

interface StageRow {
  stage: number;
  sessions: number;
  users: number;
}

/** Sessions and users per stage, in one statement. */
export async function funnelCounts(run: SqlRunner, compiler: SessionFilterCompiler, query: FunnelQuery, context: FilterCompileContext): Promise<FunnelCounts> {
  checkFunnelQuery(query);
  const stages = query.steps.length;
  const perStage = Array.from({ length: stages }, (_, i) => {
    const stage = stageTable(i + 1);
    return sql`select ${i + 1}::int as stage, (select count(*) from ${stage})::int as sessions, ${distinctUsers(stage, SQL_TRUE)} as users`;
  });
  const rows = await runAnalytics<StageRow>(run, sql`with ${funnelStageClauses(compiler, query, context, stages)} ${joinSql(perStage, ' union all ')}`);
  const byStage = new Map(rows.map((row) => [Number(row.stage), row]));
  return {
    stages: Array.from({ length: stages }, (_, i) => {
      const row = byStage.get(i + 1);
      return { sessionsCount: Number(row?.sessions ?? 0), usersCount: Number(row?.users ?? 0) };
    }),
  };
}
