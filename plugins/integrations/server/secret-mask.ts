/** What the browser sees of a secret: dots, and the last 4 characters only when the secret is long enough that they give nothing away. */
export const MASK = '••••';
const SHOWN_FROM_LENGTH = 12;

export function maskSecret(secret: string): string {
  return secret.length >= SHOWN_FROM_LENGTH ? `${MASK}${secret.slice(-4)}` : MASK;
}

export const isMasked = (value: string) => value.startsWith(MASK);
