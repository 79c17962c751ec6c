import { Type } from '@sinclair/typebox';
import { notFound, sql, trusted, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { ErrorStatus } from '../../api.js';

export const ERROR_NOT_FOUND = 'Error not found';

export const errorIdParam = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'An error id (letters, digits, - and _)' });
export const errorParams = Type.Object({ errorId: errorIdParam });

export interface ErrorRow {
  error_id: string;
  source: string;
  name: string;
  message: string;
  status: ErrorStatus;
  parent_error_id: string | null;
  first_occurrence_at: Date | string;
  last_occurrence_at: Date | string;
  first_frame: string | null;
}

export const ERROR_COLUMNS = trusted('e.error_id, e.source, e.name, e.message, e.status, e.parent_error_id, e.first_occurrence_at, e.last_occurrence_at, e.first_frame');

/** The group, or a 404 when the id is unknown in this project: another project's answers the same. */
export async function requireError(run: SqlRunner, projectId: number, errorId: string): Promise<ErrorRow> {
  const [row] = await run<ErrorRow>(sql`select ${ERROR_COLUMNS} from errors_errors e where e.project_id = ${projectId} and e.error_id = ${errorId}`);
  if (!row) throw notFound(ERROR_NOT_FOUND);
  return row;
}

export const epoch = (value: Date | string): number => new Date(value).getTime();
