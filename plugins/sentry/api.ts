// Public surface of the sentry plugin: the configuration it reads (types only).

/** The Sentry log source's configuration (spec part 2 §3, sentry-type). */
export interface SentryConfig {
  organizationSlug: string;
  projectSlug: string;
  /** An auth token with the project:read and event:read scopes. */
  token: string;
}
