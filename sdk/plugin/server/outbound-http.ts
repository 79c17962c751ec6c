import type { Readable } from 'node:stream';

/**
 * Why an outbound request failed. Callers turn these into their own messages (an asset that
 * could not be fetched, a webhook that could not be delivered) without parsing text.
 * - `invalid_url`: not an absolute http(s) URL (also a redirect to another scheme);
 * - `refused_address`: the host is or resolves to a loopback, private, link-local, metadata,
 *   multicast or reserved address, and is not on the operator's allowlist;
 * - `too_large`: the body is bigger than `maxBytes` (announced or read);
 * - `timeout`: connecting or the whole exchange took too long;
 * - `too_many_redirects`: more than `maxRedirects` hops;
 * - `bad_status`: `okOnly` was set and the final status is not 2xx;
 * - `network`: DNS failure, connection refused or reset, TLS error.
 */
export type OutboundHttpErrorCode = 'invalid_url' | 'refused_address' | 'too_large' | 'timeout' | 'too_many_redirects' | 'bad_status' | 'network';

export class OutboundHttpError extends Error {
  constructor(
    readonly code: OutboundHttpErrorCode,
    message: string,
    /** The URL of the hop that failed (after redirects, the last one tried). */
    readonly url: string,
    /** Set for `bad_status`. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OutboundHttpError';
  }
}

export type OutboundMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OutboundRequestOptions {
  /** Default GET. A 301/302/303 turns a POST into a GET without body, as browsers do; 307/308 keep both. */
  method?: OutboundMethod;
  /** Request headers; `Authorization` and `Cookie` are dropped when a redirect leaves the origin. */
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Largest body accepted, in bytes (default 10 MiB): reading stops past it with `too_large`. */
  maxBytes?: number;
  /** Time to open the TCP (and TLS) connection of each hop, ms (default 5 s). */
  connectTimeoutMs?: number;
  /** Time for the whole exchange, redirects and body included, ms (default 30 s). */
  timeoutMs?: number;
  /** Redirects followed (default 5); 0 answers the 3xx itself. Every hop's address is checked. */
  maxRedirects?: number;
  /** Throw `bad_status` unless the final status is 2xx. */
  okOnly?: boolean;
}

export interface OutboundResponseHead {
  status: number;
  /** Lower-case names, as Node reports them. */
  headers: Record<string, string | string[] | undefined>;
  /** The media type without parameters, lower case (`text/css`), or null when absent. */
  contentType: string | null;
  /** The URL that answered, after redirects. */
  url: string;
  redirects: number;
}

export interface OutboundResponse extends OutboundResponseHead {
  body: Buffer;
}

export interface OutboundStreamResponse extends OutboundResponseHead {
  /** Errors with `too_large` or `timeout` when the limits are crossed while reading. Consume or destroy it. */
  body: Readable;
}

/**
 * The one way the server makes HTTP requests on a user's behalf (asset proxy, alert delivery,
 * webhooks, integrations, synthetic runs). Public addresses only: the check runs on the
 * addresses DNS answered, inside the connection's own lookup, so a name cannot resolve to a
 * public address for the check and a private one for the connection. Operators exempt exact
 * `host:port` pairs (config `outbound.allowHosts`, env `CASSETTE_OUTBOUND_ALLOW_HOSTS`).
 */
export interface OutboundHttpClient {
  /** The whole body in memory (bounded by `maxBytes`). */
  fetch(url: string, options?: OutboundRequestOptions): Promise<OutboundResponse>;
  /** The body as a stream, for large bodies written straight to storage. */
  stream(url: string, options?: OutboundRequestOptions): Promise<OutboundStreamResponse>;
}
