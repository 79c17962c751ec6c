import { readLogText } from '@cassette/plugin-sdk/server';
import type { BackendLogLine } from '@cassette/plugin-integrations/api';
import type { SumoLogicMessage } from './search-job.js';

/**
 * A Sumo Logic message as a backend line: `_raw` is the line as it was written (a JSON line
 * gives its message, level and logger), the other fields (`_sourcecategory`, `_sourcehost`…) its payload.
 */
export function logLineOf(message: SumoLogicMessage, index: number): BackendLogLine {
  const { _raw: raw = '', _messagetime: time, ...fields } = message.map;
  const line = readLogText(raw);
  return {
    time: Number(time) || 0,
    index,
    name: line.logger ?? fields._sourcecategory ?? fields._sourcename ?? '',
    message: line.message,
    payload: { ...(line.fields ?? {}), ...fields },
    source: 'sumologic',
    level: line.level,
  };
}
