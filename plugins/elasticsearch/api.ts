// Public surface of the elasticsearch plugin: the configuration it reads (types only).

/** The Elasticsearch log source's configuration (spec part 2 §3, elasticsearch-type). */
export interface ElasticsearchConfig {
  /** The cluster's address: `https://logs.example.com` (https when no scheme is given). */
  host: string;
  /** An API key's id: exactly 20 characters. */
  apiKeyId: string;
  /** The API key itself: exactly 22 characters. */
  apiKey: string;
  /** Index names or patterns, comma-separated (default `*log*`). */
  indexes: string;
  /** Default 9200. */
  port: number;
}
