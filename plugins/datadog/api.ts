// Public surface of the datadog plugin: the configuration it reads (types only).

/** The Datadog log source's configuration (spec part 2 §3, datadog-type). */
export interface DatadogConfig {
  apiKey: string;
  /** An application key whose owner (or scopes) may read logs (`logs_read_data`). */
  applicationKey: string;
}
