import { PARKED_ERROR_MAX_LENGTH } from '../shared/parked.js';

/** Quoted text: where database drivers and code put the values they failed on ("invalid input syntax for type json: \"…\""). */
const QUOTED = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\\n]|\\.)*`/g;

/**
 * What a parked step keeps of its processor's error, shown to admins: the error's kind and
 * SQLSTATE code, and its message's first line with the failing statement and quoted text left
 * out, capped. The recording (response bodies, console text) stays in the recording; the full
 * error is in the server log.
 */
export function parkedErrorText(error: unknown): string {
  const e = error instanceof Error ? error : new Error(String(error));
  const fields = e as unknown as Record<string, unknown>;
  let message = String(e.message ?? '');
  for (const field of ['sql', 'query']) {
    const statement = fields[field];
    if (typeof statement === 'string' && statement && message.includes(statement)) message = message.split(statement).join('[statement]');
  }
  const line = (message.split('\n').find((l) => l.trim() !== '') ?? '').replace(QUOTED, '"…"').replace(/\s+/g, ' ').trim();
  const code = typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code) ? ` ${fields.code}` : '';
  const text = `${e.name || 'Error'}${code}: ${line || 'no message'}`;
  return text.length > PARKED_ERROR_MAX_LENGTH ? `${text.slice(0, PARKED_ERROR_MAX_LENGTH - 1)}…` : text;
}
