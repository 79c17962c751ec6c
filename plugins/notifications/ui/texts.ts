// User-facing texts fixed by the spec (part 1 §2, side panels).
export const ANNOUNCEMENTS_TITLE = 'Announcements';
export const NO_ANNOUNCEMENTS_TEXT = 'There are no announcements to show.';
export const ALERTS_TITLE = 'Alerts';
export const NO_ALERTS_TEXT = 'There are no alerts to show.';
export const IGNORE_ALL_LABEL = 'IGNORE ALL';
