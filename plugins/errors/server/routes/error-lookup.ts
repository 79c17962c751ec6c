import { Type } from '@sinclair/typebox';
import type { EntityManager } from '@mikro-orm/core';
import { notFound } from '@cassette/plugin-sdk/server';
import type { ErrorStatus } from '../../api.js';

export const ERROR_NOT_FOUND = 'Error not found';

export const errorIdParam = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'An error id (letters, digits, - and _)' });
export const errorParams = Type.Object({ errorId: errorIdParam });

/** Plain parameterised SQL on the request's connection (`?` placeholders; an array expands to a list). */
export async function sql<T>(em: EntityManager, text: string, params: unknown[]): Promise<T[]> {
  return (await em.getConnection().execute(text, params)) as T[];
}

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

export const ERROR_COLUMNS = 'e.error_id, e.source, e.name, e.message, e.status, e.parent_error_id, e.first_occurrence_at, e.last_occurrence_at, e.first_frame';

/** The group, or a 404 when the id is unknown in this project: another project's answers the same. */
export async function requireError(em: EntityManager, projectId: number, errorId: string): Promise<ErrorRow> {
  const [row] = await sql<ErrorRow>(em, `select ${ERROR_COLUMNS} from errors_errors e where e.project_id = ? and e.error_id = ?`, [projectId, errorId]);
  if (!row) throw notFound(ERROR_NOT_FOUND);
  return row;
}

export const epoch = (value: Date | string): number => new Date(value).getTime();
