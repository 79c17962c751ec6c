// Public surface of the bugsnag plugin: the configuration it reads (types only).

/** The Bugsnag log source's configuration (spec part 2 §3, bugsnag-type). */
export interface BugsnagConfig {
  /** A personal auth token (Data Access API): 8-4-4-4-12 letters and digits. */
  authorizationToken: string;
  bugsnagProjectId: string;
}
