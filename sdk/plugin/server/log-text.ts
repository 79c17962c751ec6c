import { logLevelOf, type LogLevel } from './log-level.js';

/** A line as a log tool stored it, read for the panel. */
export interface LogText {
  /** The line's fields when it is a JSON object, else null. */
  fields: Record<string, unknown> | null;
  /** The JSON line's `message` (`msg`, `text`), else the line as it was written. */
  message: string;
  /** The JSON line's `logger` (`name`, `service`), if it names one. */
  logger?: string;
  level: LogLevel;
}

/**
 * One line of a tool that keeps lines as written (CloudWatch, Sumo Logic): a JSON line gives its
 * message, logger and level, a text line is shown as it is with the level its text names.
 */
export function readLogText(raw: string): LogText {
  const line = raw.trimEnd();
  const fields = parseObject(line);
  const message = (fields && firstText(fields, ['message', 'msg', 'text'])) ?? line;
  const logger = fields ? firstText(fields, ['logger', 'name', 'service']) : undefined;
  return { fields, message, ...(logger !== undefined ? { logger } : {}), level: logLevelOf(message, fields ? (fields.level ?? fields.severity) : undefined) };
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
