// Public surface of the Sumo Logic plugin: types only. It contributes a log source to
// `integrationsExtensionPoints.logSources` and offers nothing else to other plugins.

/** The Sumo Logic configuration (spec part 2 §3), as the integrations plugin stores it. */
export interface SumoLogicConfig {
  accessId: string;
  accessKey: string;
  /** The account's deployment, one of the 9 the form offers; default au. */
  region: string;
}
