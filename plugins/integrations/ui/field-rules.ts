// The spec's validation of integrations (part 2 §5), mirrored for immediate feedback while typing.
// The server validates again and has the last word: a rule missing here only means its message
// comes back from the server after Save.
import type { IntegrationField } from '../shared/integration.js';

/** Extra rules of one integration's field, keyed `<integration>.<field>`. */
const EXACT_LENGTHS: Record<string, number> = {
  'elasticsearch.apiKeyId': 20,
  'elasticsearch.apiKey': 22,
};

const PATTERNS: Record<string, { pattern: RegExp; message: string }> = {
  // 8-4-4-4-12 letters and digits, as Bugsnag's personal auth tokens are written.
  'bugsnag.authorizationToken': { pattern: /^[a-zA-Z0-9]{8}-[a-zA-Z0-9]{4}-[a-zA-Z0-9]{4}-[a-zA-Z0-9]{4}-[a-zA-Z0-9]{12}$/, message: 'must look like xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx (letters and digits)' },
};

export const requiredMessage = (label: string) => `${label} is required.`;
export const urlMessage = (label: string) => `${label} must be a valid URL (http or https).`;
export const numberMessage = (label: string) => `${label} must be a whole number.`;
export const portMessage = (label: string) => `${label} must be between 1 and 65535.`;
export const lengthMessage = (label: string, length: number) => `${label} must be exactly ${length} characters.`;
export const jsonMessage = (label: string) => `${label} must be the service account's JSON key.`;
export const optionMessage = (label: string) => `${label}: choose one of the listed values.`;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * The problem with one field's value, or null. `kept`: a stored secret left empty keeps its
 * value, so it counts as filled.
 */
export function fieldProblem(integration: string, field: IntegrationField, raw: string, kept = false): string | null {
  const value = raw.trim();
  if (!value) {
    if (kept || field.default !== undefined || !field.required) return null;
    return requiredMessage(field.label);
  }
  const key = `${integration}.${field.key}`;
  if (field.kind === 'url' && !isHttpUrl(value)) return urlMessage(field.label);
  if (field.kind === 'number') {
    if (!/^\d{1,10}$/.test(value)) return numberMessage(field.label);
    if (field.key === 'port' && (Number(value) < 1 || Number(value) > 65535)) return portMessage(field.label);
  }
  if (field.kind === 'select' && field.options && !field.options.some((o) => o.value === value)) return optionMessage(field.label);
  if (field.kind === 'textarea' && /credentials/i.test(field.key) && !isJsonObject(value)) return jsonMessage(field.label);
  const length = EXACT_LENGTHS[key];
  if (length !== undefined && value.length !== length) return lengthMessage(field.label, length);
  const rule = PATTERNS[key];
  if (rule && !rule.pattern.test(value)) return `${field.label} ${rule.message}.`;
  return null;
}

/** Field key → message, for every field with a problem; empty when the form can be sent. */
export function formProblems(integration: string, fields: readonly IntegrationField[], values: Readonly<Record<string, string>>, keptSecrets: ReadonlySet<string> = new Set()): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const problem = fieldProblem(integration, field, values[field.key] ?? '', keptSecrets.has(field.key));
    if (problem) problems[field.key] = problem;
  }
  return problems;
}
