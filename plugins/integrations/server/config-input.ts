import { badRequest } from '@cassette/plugin-sdk/server';
import type { IntegrationConfig, LogSource, TicketProvider } from '../api.js';
import type { IntegrationField } from '../shared/integration.js';
import { isMasked, maskSecret } from './secret-mask.js';

/** Longest value of a field: a service account's JSON credentials fit a textarea; everything else is a line. */
const MAX_LENGTH = { textarea: 20_000, line: 2_000 } as const;

/**
 * A submitted configuration made ready for the tool: unknown keys refused, strings trimmed,
 * numbers read, `default`s applied to empty fields, a secret left empty or sent back masked
 * ('••••1f2e') replaced by the stored one, then the owner's rules per field kind and the contribution's own
 * (spec part 2 §5). Throws a 400 whose first message is the first problem's.
 */
export function readConfig(
  contribution: LogSource | TicketProvider,
  submitted: Record<string, string | number>,
  stored: Readonly<Record<string, string | number>> | null,
): IntegrationConfig {
  const problems: Record<string, string> = {};
  const known = new Set(contribution.fields.map((f) => f.key));
  for (const key of Object.keys(submitted)) if (!known.has(key)) problems[key] = `${contribution.label} has no field "${key}".`;
  const config: Record<string, string | number> = {};
  for (const field of contribution.fields) {
    const read = readField(field, submitted[field.key], stored?.[field.key]);
    if (typeof read === 'object') problems[field.key] = read.problem;
    else if (read !== undefined) config[field.key] = read;
  }
  if (Object.keys(problems).length === 0) Object.assign(problems, contribution.validate(config));
  const messages = Object.values(problems).filter((m) => typeof m === 'string' && m !== '');
  if (messages.length > 0) throw badRequest(messages[0]!, messages.slice(1));
  return config;
}

function readField(field: IntegrationField, raw: string | number | undefined, stored: string | number | undefined): string | number | undefined | { problem: string } {
  let value: string | number | undefined = typeof raw === 'string' ? raw.trim() : raw;
  if (field.kind === 'secret' && typeof value === 'string' && isMasked(value)) {
    // The form shows the stored secret masked; sending that back unchanged keeps it.
    if (typeof stored === 'string' && maskSecret(stored) === value) return stored;
    return { problem: `${field.label}: enter the whole value again.` };
  }
  // The client leaves empty values out of its payloads: an untouched secret keeps the stored one.
  if (field.kind === 'secret' && (value === '' || value === undefined) && typeof stored === 'string') return stored;
  if (value === '' || value === undefined) value = field.default;
  if (value === undefined || value === '') return field.required ? { problem: `${field.label} is required.` } : undefined;
  if (field.kind === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n)) return { problem: `${field.label} must be a number.` };
    return n;
  }
  const text = String(value);
  const max = field.kind === 'textarea' ? MAX_LENGTH.textarea : MAX_LENGTH.line;
  if (text.length > max) return { problem: `${field.label} is longer than ${max} characters.` };
  if (field.kind === 'select' && !field.options?.some((o) => o.value === text)) return { problem: `${field.label} must be one of ${field.options?.map((o) => o.label).join(', ')}.` };
  if (field.kind === 'url' && !isHttpUrl(text)) return { problem: `${field.label} must be an http(s) address, like https://example.com.` };
  return text;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}
