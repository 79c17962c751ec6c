/** The fields of a service account's JSON key file that signing in needs. */
export interface ServiceAccountKey {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  privateKeyId: string | null;
  tokenUri: string;
}

/** Where Google exchanges a service account's signed JWT for an access token, when the key file names none. */
export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

/** The key file's fields, or a sentence saying what is missing from it. */
export function parseServiceAccountKey(text: string): ServiceAccountKey | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'Service account credentials must be the JSON key file of the service account';
  }
  if (!parsed || typeof parsed !== 'object') return 'Service account credentials must be the JSON key file of the service account';
  const key = parsed as Record<string, unknown>;
  const missing = ['project_id', 'client_email', 'private_key'].filter((name) => typeof key[name] !== 'string' || !(key[name] as string).trim());
  if (missing.length) return `Service account credentials lack ${missing.join(', ')}: paste the whole JSON key file`;
  if (!/-----BEGIN PRIVATE KEY-----/.test(key.private_key as string)) return 'Service account credentials hold no PKCS #8 private key: paste the JSON key file Google created';
  return {
    projectId: key.project_id as string,
    clientEmail: key.client_email as string,
    privateKey: key.private_key as string,
    privateKeyId: typeof key.private_key_id === 'string' ? key.private_key_id : null,
    tokenUri: typeof key.token_uri === 'string' && key.token_uri ? key.token_uri : GOOGLE_TOKEN_URI,
  };
}
