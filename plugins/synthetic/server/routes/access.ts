/**
 * Every synthetic route: a member of the project holding Session Replay. Tests replay what
 * visitors do and each run is itself a recorded session, so they go with that permission
 * (spec §6 lists no permission of their own; the role's tests and runs flags only shape the UI).
 */
export const SYNTHETIC_ACCESS = { auth: 'user', project: true, permission: 'SESSION_REPLAY' } as const;

export const TEST_NOT_FOUND = 'Test not found; it may have been deleted.';
export const RUN_NOT_FOUND = 'Run not found; it may have been deleted with its test.';
