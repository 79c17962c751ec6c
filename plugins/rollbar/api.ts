// Public surface of the rollbar plugin: the configuration it reads (types only).

/** The Rollbar log source's configuration (spec part 2 §3, rollbar-type). */
export interface RollbarConfig {
  /** A project access token with the `read` scope. */
  accessToken: string;
}
