import { trusted } from '@cassette/plugin-sdk/server';

/**
 * Who a session of `sessions_sessions s` counts as among "users" (SessionsAndUsers): the user
 * id the site identified, else the tracker's device id; null (no user) when it has neither. An
 * empty id is no id. The prefixes keep the two kinds apart, so a device id that happens to
 * equal somebody's user id is still another user.
 */
export const SESSION_USER = trusted(`case when s.user_id <> '' then 'id:' || s.user_id when s.user_uuid <> '' then 'device:' || s.user_uuid end`);
