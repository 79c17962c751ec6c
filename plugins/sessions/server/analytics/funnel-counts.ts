import { joinSql, sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext, SessionFilterCompiler } from '../../api.js';
import type { FunnelCounts, FunnelQuery } from '../../shared/analytics.js';
import { checkFunnelQuery } from './funnel-input.js';
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
  const perStage = Array.from({ length: stages }, (_, i) =>
    sql`select ${i + 1}::int as stage, count(*)::int as sessions, count(distinct user_key)::int as users from ${stageTable(i + 1)}`,
  );
  const rows = await run<StageRow>(sql`with ${funnelStageClauses(compiler, query, context, stages)} ${joinSql(perStage, ' union all ')}`);
  const byStage = new Map(rows.map((row) => [Number(row.stage), row]));
  return {
    stages: Array.from({ length: stages }, (_, i) => {
      const row = byStage.get(i + 1);
      return { sessionsCount: Number(row?.sessions ?? 0), usersCount: Number(row?.users ?? 0) };
    }),
  };
}
