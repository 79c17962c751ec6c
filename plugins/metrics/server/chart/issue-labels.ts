import { ISSUE_TYPE_NAMES } from '@cassette/plugin-sessions/api';

/** Spec part 1 §3 "Issue types": the names the issues list gives each type, as the sessions plugin keeps them. */
export const ISSUE_LABELS: Readonly<Record<string, string>> = ISSUE_TYPE_NAMES;
