/** Spec part 1 §9: the session list pages by 10. */
export const SESSIONS_PAGE_SIZE = 10;
