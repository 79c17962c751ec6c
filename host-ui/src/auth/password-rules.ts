export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
export const PASSWORDS_DONT_MATCH = "Passwords don't match.";

/** Client-side checks for a new password and its confirmation. */
export function newPasswordErrors(password: string, confirm: string): string[] {
  const errors: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) errors.push(PASSWORD_TOO_SHORT);
  if (password !== confirm) errors.push(PASSWORDS_DONT_MATCH);
  return errors;
}
