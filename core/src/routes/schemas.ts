import { Type } from '@sinclair/typebox';
import { SITE_HOST_INPUT_MAX_LENGTH } from '@cassette/plugin-sdk';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth/passwords.js';

// Letters of any script, digits, spaces, '-', '_', '.', and apostrophes (names like O'Neil).
export const PERSON_NAME = Type.String({ minLength: 1, maxLength: 100, pattern: "^[\\p{L}\\p{M}0-9 ._'-]+$" });
export const EMAIL = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
export const PASSWORD = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
export const ORG_NAME = Type.String({ minLength: 1, maxLength: 100 });
export const ID_PARAM = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export const PROJECT_NAME = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
/** A project's host as typed or pasted (a whole address is allowed; the handler keeps its host). */
export const SITE_HOST = Type.String({ maxLength: SITE_HOST_INPUT_MAX_LENGTH });

