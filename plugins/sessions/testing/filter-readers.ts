// Readers for the filter compiler's tests: who a filter is compiled for.
import type { Permission } from '@cassette/plugin-sdk';
import type { FilterReader } from '../api.js';

/** An admin: holds every permission, Developer Tools included. */
export const ADMIN_READER: FilterReader = { admin: true, permissions: new Set() };

/** A member holding exactly `permissions`. */
export const memberReader = (...permissions: Permission[]): FilterReader => ({ admin: false, permissions: new Set(permissions) });
