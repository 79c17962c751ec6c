import type { BackendLogLine } from '@cassette/plugin-integrations/api';
import { levelOf } from './log-level.js';
import type { SumoLogicMessage } from './search-job.js';

/**
 * A Sumo Logic message as a backend line: `_raw` is the line as it was written (a JSON line
 * gives its message, level and logger), the other fields (`_sourcecategory`, `_sourcehost`…) its payload.
 */
export function logLineOf(message: SumoLogicMessage, index: number): BackendLogLine {
  const { _raw: raw = '', _messagetime: time, ...fields } = message.map;
  const structured = parseObject(raw.trimEnd());
  const text = structured ? firstText(structured, ['message', 'msg', 'text']) ?? raw : raw.trimEnd();
  return {
    time: Number(time) || 0,
    index,
    name: (structured && firstText(structured, ['logger', 'name', 'service'])) ?? fields._sourcecategory ?? fields._sourcename ?? '',
    message: text,
    payload: { ...(structured ?? {}), ...fields },
    source: 'sumologic',
    level: levelOf(text, structured ? (structured.level ?? structured.severity) : undefined),
  };
}

function parseObject(text: string): Record<string, unknown> | null {
  if (!text.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function firstText(object: Record<string, unknown>, keys: string[]): string | undefined {
  for (const key of keys) if (typeof object[key] === 'string' && object[key]) return object[key] as string;
  return undefined;
}
