/** Sent in every start request so the server can tell tracker builds apart. */
export const TRACKER_VERSION = '1.0.0';
