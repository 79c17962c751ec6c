/**
 * The `sessions_sessions` column each text attribute key reads (spec part 1 §3 filter keys):
 * the search's conditions and the value suggestions read the same ones. Fixed text chosen by
 * the key, never by a request, so it may go into SQL.
 */
export const SESSION_KEY_COLUMNS: Readonly<Record<string, string>> = {
  USEROS: 'user_os',
  USERBROWSER: 'user_browser',
  USERDEVICE: 'user_device',
  PLATFORM: 'user_device_type',
  REVID: 'rev_id',
  REFERRER: 'referrer',
  USERCOUNTRY: 'user_country',
  USERID: 'user_id',
  USERANONYMOUSID: 'user_anonymous_id',
};
