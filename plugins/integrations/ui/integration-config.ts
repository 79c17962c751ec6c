import type { IntegrationField, IntegrationState } from '../shared/integration.js';

/** The form's starting values: the saved configuration (secrets left empty: they are shown masked), else the defaults. */
export function initialValues(fields: readonly IntegrationField[], state: IntegrationState | null): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const saved = state?.config[field.key];
    if (field.kind === 'secret') values[field.key] = '';
    else if (saved !== undefined && saved !== null) values[field.key] = String(saved);
    else if (field.kind === 'select' && field.default !== undefined) values[field.key] = String(field.default);
    else values[field.key] = '';
  }
  return values;
}

/** The stored secrets (masked in the saved configuration), which an empty field keeps. */
export function storedSecrets(fields: readonly IntegrationField[], state: IntegrationState | null): Map<string, string> {
  const stored = new Map<string, string>();
  for (const field of fields) {
    const masked = state?.config[field.key];
    if (field.kind === 'secret' && typeof masked === 'string' && masked !== '') stored.set(field.key, masked);
  }
  return stored;
}

/**
 * The `config` to save: trimmed values, numbers as numbers, empty fields left out (the server
 * applies defaults). A stored secret left empty goes back as the masked value the server sent,
 * which it reads as "keep the stored one"; the secret itself never comes to the browser.
 */
export function configToSave(fields: readonly IntegrationField[], values: Readonly<Record<string, string>>, stored: ReadonlyMap<string, string>): Record<string, string | number> {
  const config: Record<string, string | number> = {};
  for (const field of fields) {
    const value = (values[field.key] ?? '').trim();
    if (value === '') {
      const masked = stored.get(field.key);
      if (masked !== undefined) config[field.key] = masked;
      continue;
    }
    config[field.key] = field.kind === 'number' ? Number(value) : value;
  }
  return config;
}
