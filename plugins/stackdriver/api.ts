// Public surface of the Stackdriver plugin: types only. It contributes a log source to
// `integrationsExtensionPoints.logSources` and offers nothing else to other plugins.

/** The stackdriver-type configuration (spec part 2 §3), as the integrations plugin stores it. */
export interface StackdriverConfig {
  /** The log's id (`backend`), or its full name (`projects/shop-prod/logs/backend`). */
  logName: string;
  /** The JSON key file of a Google Cloud service account. */
  serviceAccountCredentials: string;
}
