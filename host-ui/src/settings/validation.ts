/** Role names: letters (diacritics allowed), digits, spaces, '-' and '_'. */
const ROLE_NAME = /^[\p{L}\p{M}\p{N} _-]+$/u;
export function validRoleName(name: string): boolean {
  return name.trim().length > 0 && ROLE_NAME.test(name);
}

/** Custom field keys (spec part 2 §5; the server checks the same). */
export const METADATA_KEY = /^[a-zA-Z_-][a-zA-Z0-9_-]*$/;
export const MAX_METADATA_FIELDS = 10;
export function validMetadataKey(key: string): boolean {
  return METADATA_KEY.test(key);
}

/** Member names: letters with diacritics, spaces, apostrophes, dots and hyphens. */
const MEMBER_NAME = /^[\p{L}\p{M}][\p{L}\p{M}\p{N} .'-]*$/u;
export function validMemberName(name: string): boolean {
  return MEMBER_NAME.test(name.trim());
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function validEmail(email: string): boolean {
  return EMAIL.test(email.trim());
}

export function validSampleRate(rate: number): boolean {
  return Number.isInteger(rate) && rate >= 0 && rate <= 100;
}

export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 3650;
export function validRetentionDays(days: number): boolean {
  return Number.isInteger(days) && days >= MIN_RETENTION_DAYS && days <= MAX_RETENTION_DAYS;
}

/** A role applies to all projects, or to at least one chosen project. */
export function roleErrors(role: { name: string; allProjects: boolean; projects: readonly number[] }): string[] {
  const errors: string[] = [];
  if (!validRoleName(role.name)) errors.push('Name may contain letters, digits, spaces, - and _ only.');
  if (!role.allProjects && role.projects.length === 0) errors.push('Choose at least one project.');
  return errors;
}
