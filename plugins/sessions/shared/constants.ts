// What the session list's server and UI agree on.

/** Spec part 1 §9: the session list pages by 10. */
export const SESSIONS_PAGE_SIZE = 10;

/** How the list may be sorted; the server maps each key to a column of its own. */
export const SORT_KEYS = ['startTs', 'duration', 'eventsCount', 'errorsCount'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** The name shown for a session with neither a user id nor an anonymous id. */
export const ANONYMOUS_USER = 'Anonymous User';
