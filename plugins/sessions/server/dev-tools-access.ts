import { forbidden, HttpError } from '@cassette/plugin-sdk/server';
import type { FilterReader } from '../api.js';

/** The reader may see Developer Tools data (console, network, GraphQL, state actions, performance): admins hold every permission. */
export function holdsDevTools(reader: FilterReader): boolean {
  return reader.admin || reader.permissions.has('DEV_TOOLS');
}

/** The 403 for reading `what` without Developer Tools; the same words as a route's own permission refusal. */
export function devToolsRefusal(what: string): HttpError {
  return forbidden(`Not allowed: ${what} reads Developer Tools data, and your role lacks the Developer Tools permission. Please check with your admin.`);
}
