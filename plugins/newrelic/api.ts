// Public surface of the New Relic plugin: types only. It contributes a log source to
// `integrationsExtensionPoints.logSources` and offers nothing else to other plugins.

/** The newrelic-type configuration (spec part 2 §3), as the integrations plugin stores it. */
export interface NewRelicConfig {
  /** The New Relic account id the logs are in (digits). */
  applicationId: string;
  /** An Insights query key of that account. */
  xQueryKey: string;
  /** Which data center holds the account: 'US' (default) or 'EU'. */
  region: 'US' | 'EU';
}
