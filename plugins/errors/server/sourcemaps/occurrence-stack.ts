import { notFound, sql, trusted, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { StackFrame } from '../../api.js';

/** What the resolver needs of one recorded occurrence. */
export interface OccurrenceStack {
  release: string | null;
  stack: string | null;
  frames: StackFrame[];
}

interface OccurrenceRow {
  release: string | null;
  stack: string | null;
  frames: unknown;
}

/** An error's occurrences include those of the errors merged into it. */
const errorAndMerged = (projectId: number, errorId: string): SqlFragment =>
  sql`error_id in (select error_id from errors_errors where project_id = ${projectId} and (error_id = ${errorId} or parent_error_id = ${errorId}))`;

async function requireError(run: SqlRunner, projectId: number, errorId: string): Promise<void> {
  const rows = await run(sql`select 1 from errors_errors where project_id = ${projectId} and error_id = ${errorId}`);
  if (!rows.length) throw notFound('Error not found');
}

/** The newest occurrence of an error of the project. */
export async function latestOccurrenceStack(run: SqlRunner, projectId: number, errorId: string): Promise<OccurrenceStack> {
  await requireError(run, projectId, errorId);
  const [row] = await run<OccurrenceRow>(
    sql`select release, stack, frames from errors_occurrences where project_id = ${projectId} and ${errorAndMerged(projectId, errorId)} order by ts desc, seq desc, idx desc limit 1`,
  );
  if (!row) throw notFound('This error has no recorded occurrence.');
  return stackOf(row);
}

/** A session's first occurrence of an error, or the one recorded at `key` (`seq:idx`). */
export async function sessionOccurrenceStack(run: SqlRunner, projectId: number, sessionId: string, errorId: string, key?: { seq: number; idx: number }): Promise<OccurrenceStack> {
  await requireError(run, projectId, errorId);
  const at = key ? sql` and seq = ${key.seq} and idx = ${key.idx}` : trusted('');
  const [row] = await run<OccurrenceRow>(
    sql`select release, stack, frames from errors_occurrences where project_id = ${projectId} and session_id = ${sessionId} and ${errorAndMerged(projectId, errorId)}${at} order by seq, idx limit 1`,
  );
  if (!row) throw notFound(key ? 'This session has no occurrence of this error at that key.' : 'This session has no occurrence of this error.');
  return stackOf(row);
}

function stackOf(row: OccurrenceRow): OccurrenceStack {
  const frames = typeof row.frames === 'string' ? (JSON.parse(row.frames) as unknown) : row.frames;
  return { release: row.release ?? null, stack: row.stack ?? null, frames: Array.isArray(frames) ? frames.filter(isFrame).map(withDefaults) : [] };
}

function isFrame(value: unknown): value is Partial<StackFrame> {
  return typeof value === 'object' && value !== null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const position = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/** Frames as stored by the grouping; fields it left out read as absent. */
function withDefaults(frame: Partial<StackFrame>, index: number): StackFrame {
  return {
    absPath: text(frame.absPath),
    filename: text(frame.filename),
    function: text(frame.function),
    lineNo: position(frame.lineNo),
    colNo: position(frame.colNo),
    offset: typeof frame.offset === 'number' ? frame.offset : index,
    context: Array.isArray(frame.context) ? frame.context : null,
    inApp: frame.inApp === true,
  };
}
