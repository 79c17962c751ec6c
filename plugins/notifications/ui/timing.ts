// The spec's timings for the two panels (part 1 §4 and §9), in one place.

/** Opening announcements marks them read this long after the list arrives (spec: 5 s). */
export const ANNOUNCEMENTS_MARK_READ_DELAY_MS = 5_000;

/** The alerts bell re-reads its unviewed count this often (spec: notifications refresh every 5 min). */
export const NOTIFICATIONS_REFRESH_MS = 300_000;
