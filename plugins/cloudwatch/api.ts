// Public surface of the CloudWatch plugin: types only. It contributes a log source to
// `integrationsExtensionPoints.logSources` and offers nothing else to other plugins.

/** The cloud log service's configuration (spec part 2 §3), as the integrations plugin stores it. */
export interface CloudWatchConfig {
  awsAccessKeyId: string;
  awsSecretAccessKey: string;
  logGroupName: string;
  /** One of the 18 regions the form offers; default us-east-1. */
  region: string;
}
