import { coreServices, sql, type ServiceFactory } from '@cassette/plugin-sdk/server';
import { errorsServices, type ErrorsReader, type NewError } from '../api.js';

/** At most this many groups per answer: a report lists a handful. */
export const MAX_NEW_ERRORS = 100;

interface NewErrorRow {
  error_id: string;
  name: string;
  message: string;
  first_occurrence_at: Date | string;
  occurrences: number;
  sessions: number;
  users: number;
  total: number;
}

const serviceDeps = { database: coreServices.database };

export const errorsReaderService: ServiceFactory<ErrorsReader, typeof serviceDeps> = {
  ref: errorsServices.reader,
  deps: serviceDeps,
  create: ({ database }) => ({
    async newErrors(projectId, range, limit) {
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_NEW_ERRORS) throw new Error(`limit must be 1 to ${MAX_NEW_ERRORS}`);
      const start = new Date(range.startDate);
      const end = new Date(range.endDate);
      // Counted over the range only: a report sent late must not count what happened after its week.
      const rows = await database.sql<NewErrorRow>(sql`
        select e.error_id, e.name, e.message, e.first_occurrence_at,
          count(o.*)::int as occurrences, count(distinct o.session_id)::int as sessions, count(distinct o.user_key)::int as users,
          count(*) over ()::int as total
        from errors_errors e
        left join errors_occurrences o on o.project_id = e.project_id and o.error_id = e.error_id and o.ts >= ${start} and o.ts <= ${end}
        where e.project_id = ${projectId} and e.parent_error_id is null and e.status <> 'ignored'
          and e.first_occurrence_at >= ${start} and e.first_occurrence_at <= ${end}
        group by e.error_id
        order by occurrences desc, e.first_occurrence_at desc, e.error_id
        limit ${limit}`);
      const errors: NewError[] = rows.map((r) => ({
        errorId: r.error_id,
        name: r.name,
        message: r.message,
        firstOccurrence: new Date(r.first_occurrence_at).getTime(),
        occurrences: Number(r.occurrences),
        sessions: Number(r.sessions),
        users: Number(r.users),
      }));
      return { errors, total: rows[0] ? Number(rows[0].total) : 0 };
    },
  }),
};
