import { redactSqlLiterals } from './sql-redaction.js';

/**
 * What a log keeps of an error. Database errors carry the failing statement with the
 * recorded data inlined (`query`, `sql`), the bound values (`params`), the offending row
 * (`detail`: "Failing row contains (…)", "Key (email)=(…)") and the server's own copy of the
 * statement (`internalQuery`, `where`). A log line needs to say what failed and where, so those
 * are kept as the statement's shape only, and nothing else of the data is copied.
 */
export interface ErrorSummary {
  type: string;
  message: string;
  stack?: string;
  code?: unknown;
  [field: string]: unknown;
}

/** Fields copied as they are: short descriptors, never data. */
const DESCRIPTIVE_FIELDS = ['code', 'statusCode', 'sqlState', 'severity', 'table', 'column', 'constraint', 'schema', 'dataType', 'routine'];
/** Fields holding a statement; logged with their literals replaced. */
const STATEMENT_FIELDS = ['sql', 'query'];

const MAX_CAUSE_DEPTH = 3;

function redactStatementsIn(text: string, statements: string[]): string {
  let out = text;
  for (const statement of statements) if (statement && out.includes(statement)) out = out.split(statement).join(redactSqlLiterals(statement));
  return out;
}

export function isErrorLike(value: unknown): value is Error {
  // The tag, not instanceof: errors from another realm (PGlite's wasm glue, a worker) count too.
  return value instanceof Error || Object.prototype.toString.call(value) === '[object Error]';
}

export function summarizeError(error: Error, depth = 0): ErrorSummary {
  const fields = error as unknown as Record<string, unknown>;
  const statements = STATEMENT_FIELDS.map((f) => fields[f]).filter((s): s is string => typeof s === 'string');
  // Some drivers put the statement in the message too (`insert … - value too long`).
  const summary: ErrorSummary = {
    type: error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : (error.name ?? 'Error'),
    message: redactStatementsIn(String(error.message), statements),
  };
  if (typeof error.stack === 'string') summary.stack = redactStatementsIn(error.stack, statements);
  for (const field of DESCRIPTIVE_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') summary[field] = value;
  }
  for (const field of STATEMENT_FIELDS) {
    if (typeof fields[field] === 'string') summary[field] = redactSqlLiterals(fields[field]);
  }
  if (depth < MAX_CAUSE_DEPTH && isErrorLike(error.cause)) summary.cause = summarizeError(error.cause, depth + 1);
  if (depth < MAX_CAUSE_DEPTH && error instanceof AggregateError) summary.errors = error.errors.slice(0, 5).map((e: unknown) => (isErrorLike(e) ? summarizeError(e, depth + 1) : String(e)));
  return summary;
}
