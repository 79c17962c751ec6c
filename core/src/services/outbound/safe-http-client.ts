import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import {
  OutboundHttpError,
  type OutboundHttpClient,
  type OutboundRequestOptions,
  type OutboundResponse,
  type OutboundStreamResponse,
} from '@cassette/plugin-sdk/server';
import { isRefusedAddress, OutboundAllowlist } from './address-policy.js';

export const OUTBOUND_DEFAULTS = {
  maxBytes: 10 * 1024 * 1024,
  connectTimeoutMs: 5_000,
  timeoutMs: 30_000,
  maxRedirects: 5,
} as const;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Cassette (+https://github.com/cassette)';

export interface SafeHttpClientOptions {
  /** Exact `host:port` pairs exempt from the address check. */
  allowHosts?: readonly string[];
  /** Tests swap DNS to prove the check runs on what the connection uses. */
  resolve?: (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;
}

const defaultResolve: NonNullable<SafeHttpClientOptions['resolve']> = (hostname, callback) =>
  dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => callback(error, addresses ?? []));

function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundHttpError('invalid_url', 'Not an absolute URL', raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundHttpError('invalid_url', `Only http and https URLs are fetched, not ${url.protocol}`, raw);
  if (url.username || url.password) throw new OutboundHttpError('invalid_url', 'URLs with credentials are not fetched', raw);
  return url;
}

function mediaType(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  const type = text?.split(';')[0]?.trim().toLowerCase();
  return type ? type : null;
}

/** Counts bytes through and fails the stream past the cap (a body without or with a lying Content-Length). */
function capped(maxBytes: number, url: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new OutboundHttpError('too_large', `The response is larger than ${maxBytes} bytes`, url));
      else done(null, chunk);
    },
  });
}

/**
 * The kernel's outbound HTTP client (see OutboundHttpClient). A fresh connection per request
 * (`agent: false`): a pooled socket would skip the lookup, and with it the address check.
 */
export class SafeHttpClient implements OutboundHttpClient {
  private readonly allowlist: OutboundAllowlist;
  private readonly resolve: NonNullable<SafeHttpClientOptions['resolve']>;

  constructor(options: SafeHttpClientOptions = {}) {
    this.allowlist = new OutboundAllowlist(options.allowHosts ?? []);
    this.resolve = options.resolve ?? defaultResolve;
  }

  async fetch(url: string, options: OutboundRequestOptions = {}): Promise<OutboundResponse> {
    const response = await this.stream(url, options);
    const chunks: Buffer[] = [];
    for await (const chunk of response.body) chunks.push(chunk as Buffer);
    return { ...response, body: Buffer.concat(chunks) };
  }

  async stream(rawUrl: string, options: OutboundRequestOptions = {}): Promise<OutboundStreamResponse> {
    const maxBytes = options.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;
    const maxRedirects = options.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects;
    const deadline = new AbortController();
    let currentUrl = rawUrl;
    const timer = setTimeout(
      () => deadline.abort(new OutboundHttpError('timeout', `No complete answer within ${options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs} ms`, currentUrl)),
      options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs,
    );
    timer.unref();
    try {
      let url = parseHttpUrl(rawUrl);
      let method = options.method ?? 'GET';
      let body = options.body;
      let headers: Record<string, string> = { ...(options.headers ?? {}) };
      for (let redirects = 0; ; redirects += 1) {
        currentUrl = url.href;
        const response = await this.hop(url, method, headers, body, options.connectTimeoutMs ?? OUTBOUND_DEFAULTS.connectTimeoutMs, deadline.signal);
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECT_STATUSES.has(status) && location && maxRedirects > 0) {
          response.resume();
          if (redirects >= maxRedirects) throw new OutboundHttpError('too_many_redirects', `More than ${maxRedirects} redirects`, url.href);
          let next: URL;
          try {
            next = new URL(location, url);
          } catch {
            throw new OutboundHttpError('invalid_url', 'The redirect points to an invalid URL', url.href);
          }
          next = parseHttpUrl(next.href);
          if (next.origin !== url.origin) headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^(authorization|cookie)$/i.test(name)));
          if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
            method = method === 'HEAD' ? 'HEAD' : 'GET';
            body = undefined;
          }
          url = next;
          continue;
        }
        if (options.okOnly && (status < 200 || status > 299)) {
          response.resume();
          throw new OutboundHttpError('bad_status', `The server answered ${status}`, url.href, status);
        }
        const announced = Number(response.headers['content-length']);
        if (Number.isFinite(announced) && announced > maxBytes) {
          response.destroy();
          throw new OutboundHttpError('too_large', `The response is ${announced} bytes, more than ${maxBytes}`, url.href);
        }
        const limited = capped(maxBytes, url.href);
        const finalUrl = url.href;
        const fail = (error: unknown) => limited.destroy(error instanceof OutboundHttpError ? error : new OutboundHttpError('network', (error as Error)?.message ?? 'The connection failed', finalUrl));
        response.on('error', fail);
        deadline.signal.addEventListener('abort', () => fail(deadline.signal.reason), { once: true });
        response.pipe(limited);
        limited.on('close', () => {
          clearTimeout(timer);
          if (!response.complete) response.destroy();
        });
        return {
          status,
          headers: response.headers,
          contentType: mediaType(response.headers['content-type']),
          url: finalUrl,
          redirects,
          body: limited as Readable,
        };
      }
    } catch (error) {
      clearTimeout(timer);
      throw error;
    }
  }

  /** One request/response without following redirects; the address check happens in `lookup`. */
  private hop(url: URL, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined, connectTimeoutMs: number, signal: AbortSignal): Promise<IncomingMessage> {
    const host = bareHost(url.hostname);
    const port = portOf(url);
    // A literal address never goes through `lookup`: judge it here (nothing can rebind it).
    if (isIP(host) && isRefusedAddress(host) && !this.allowlist.allows(host, port)) {
      return Promise.reject(refused(url, host));
    }
    const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
      this.resolve(hostname, (error, addresses) => {
        if (error) return callback(error, '', 0);
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? addresses.filter((a) => a.family === lookupOptions.family) : addresses;
        if (wanted.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        // The name itself on the allowlist exempts whatever it resolves to; otherwise every
        // address must be public or allowlisted, so a mixed answer cannot sneak a private one in.
        if (!this.allowlist.allows(hostname, port)) {
          const bad = wanted.find((a) => isRefusedAddress(a.address) && !this.allowlist.allows(a.address, port));
          if (bad) return callback(refused(url, bad.address), '', 0);
        }
        if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, wanted);
        callback(null, wanted[0]!.address, wanted[0]!.family);
      });
    };
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<IncomingMessage>((resolvePromise, reject) => {
      const payload = body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body) : Buffer.from(body);
      const request = transport.request(url, {
        method,
        agent: false,
        lookup,
        signal,
        headers: {
          'user-agent': USER_AGENT,
          'accept-encoding': 'identity',
          ...headers,
          ...(payload ? { 'content-length': String(payload.length) } : {}),
        },
      });
      const connectTimer = setTimeout(() => request.destroy(new OutboundHttpError('timeout', `Could not connect within ${connectTimeoutMs} ms`, url.href)), connectTimeoutMs);
      connectTimer.unref();
      request.on('socket', (socket) => {
        const connected = () => clearTimeout(connectTimer);
        if (!socket.connecting) connected();
        socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', connected);
      });
      request.on('response', (response) => {
        clearTimeout(connectTimer);
        resolvePromise(response);
      });
      request.on('error', (error) => {
        clearTimeout(connectTimer);
        reject(toOutboundError(error, url, signal));
      });
      request.end(payload);
    });
  }
}

function refused(url: URL, address: string): OutboundHttpError {
  return new OutboundHttpError('refused_address', `${url.host} is not a public address (${address}); only public hosts are fetched`, url.href);
}

function toOutboundError(error: unknown, url: URL, signal: AbortSignal): OutboundHttpError {
  if (error instanceof OutboundHttpError) return error;
  if (signal.aborted && signal.reason instanceof OutboundHttpError) return signal.reason;
  const cause = (error as { cause?: unknown })?.cause;
  if (cause instanceof OutboundHttpError) return cause;
  const code = (error as NodeJS.ErrnoException)?.code;
  const message = code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? `${url.hostname} could not be resolved` : `${url.host}: ${(error as Error)?.message ?? 'connection failed'}`;
  return new OutboundHttpError('network', message, url.href);
}
