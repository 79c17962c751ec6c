import { OutboundHttpError, type OutboundHttpClient, type OutboundMethod } from '@cassette/plugin-sdk/server';
import type { BrowserContext, Route } from 'playwright-core';
import type { NetworkEntry } from '../../shared/model.js';
import type { NetworkConditions } from './devices.js';

const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** Headers the outbound client sets itself, or that would not describe the body we hand back. */
const DROPPED_REQUEST = new Set(['accept-encoding', 'content-length', 'host', 'connection']);
const DROPPED_RESPONSE = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);
export const MAX_RESPONSE_BYTES = 25 * 1024 * 1024;
export const MAX_NETWORK_ENTRIES = 1000;

export interface NetworkLog {
  entries: NetworkEntry[];
  /** Why the browser could not reach an address, by URL, for the step that needed it. */
  refusals: Map<string, string>;
}

export function refusalText(error: unknown): string {
  if (error instanceof OutboundHttpError) {
    if (error.code === 'refused_address') {
      return `${error.message}. Test runs reach public addresses only; an operator allows a private or local host with CASSETTE_OUTBOUND_ALLOW_HOSTS=host:port.`;
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export interface BrowserRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

export interface OutboundAnswer {
  status: number;
  /** Several values of one header (Set-Cookie) are separate entries. */
  headers: [string, string][];
  body: Buffer;
}

/** `http:` and `https:` requests go out through the outbound client; the browser serves the rest itself (data:, blob:). */
export const isNetworkUrl = (url: string) => /^https?:/i.test(url);

/** Why a request is not made at all, before any address is looked at; null when it may be. */
export function unmadeReason(method: string, conditions: NetworkConditions | null): string | null {
  if (conditions?.offline) return 'The run emulates an offline network';
  if (!METHODS.has(method)) return `${method} requests are not made by test runs`;
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Time a request and its answer take on the emulated network: the round trip's latency and the
 * bytes at the profile's throughput. DevTools' own throttling does not apply to answers the
 * interception fulfils, so the interception waits this long itself.
 */
export function emulatedMs(conditions: NetworkConditions | null, sentBytes: number, receivedBytes: number): number {
  if (!conditions || conditions.offline) return 0;
  const rate = (bytes: number, perSecond: number) => (perSecond > 0 ? (bytes / perSecond) * 1000 : 0);
  return conditions.latency + rate(sentBytes, conditions.uploadThroughput) + rate(receivedBytes, conditions.downloadThroughput);
}

/**
 * Makes one request of the browser through the kernel's safe outbound client, so a test reaches
 * what the server's own requests may reach and nothing more: private, loopback and metadata
 * addresses are refused (checked after DNS) unless an operator allowed the host. Redirects are
 * handed back to the browser, which asks again through the interception. With a network
 * profile, the answer comes no sooner than that network would bring it.
 */
export async function fetchForBrowser(outbound: OutboundHttpClient, request: BrowserRequest, timeoutMs: number, conditions: NetworkConditions | null): Promise<OutboundAnswer> {
  const begun = Date.now();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (!DROPPED_REQUEST.has(lower) && !lower.startsWith(':')) headers[lower] = value;
  }
  const response = await outbound.fetch(request.url, {
    method: request.method as OutboundMethod,
    headers,
    ...(request.body ? { body: request.body } : {}),
    maxRedirects: 0,
    timeoutMs,
    maxBytes: MAX_RESPONSE_BYTES,
  });
  const answer: [string, string][] = [];
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined || DROPPED_RESPONSE.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) answer.push([name, one]);
  }
  const wait = emulatedMs(conditions, request.body?.length ?? 0, response.body.length) - (Date.now() - begun);
  if (wait > 0) await sleep(wait);
  return { status: response.status, headers: answer, body: response.body };
}

/**
 * Every request of the run's pages goes through `fetchForBrowser` (the outbound checks and the
 * network profile) and is listed in the run's network log.
 */
export async function routeThroughOutbound(context: BrowserContext, outbound: OutboundHttpClient, timeoutMs: number, log: NetworkLog, startedAt: number, conditions: NetworkConditions | null = null): Promise<void> {
  await context.route('**/*', async (route: Route) => {
    const request = route.request();
    const url = request.url();
    const begun = Date.now();
    const record = (entry: Omit<NetworkEntry, 'url' | 'method' | 'type' | 'time' | 'duration'>) => {
      if (log.entries.length < MAX_NETWORK_ENTRIES) {
        log.entries.push({ url, method: request.method(), type: request.resourceType(), time: begun - startedAt, duration: Date.now() - begun, ...entry });
      }
    };
    if (!isNetworkUrl(url)) return route.continue();
    const unmade = unmadeReason(request.method(), conditions);
    if (unmade) {
      log.refusals.set(url, unmade);
      record({ status: 0, transferSize: 0, failure: unmade });
      return route.abort(conditions?.offline ? 'internetdisconnected' : 'blockedbyclient');
    }
    try {
      const response = await fetchForBrowser(outbound, { url, method: request.method(), headers: await request.allHeaders(), body: request.postDataBuffer() }, timeoutMs, conditions);
      const answerHeaders: Record<string, string> = {};
      for (const [name, value] of response.headers) answerHeaders[name] = name in answerHeaders ? `${answerHeaders[name]}\n${value}` : value;
      record({ status: response.status, transferSize: response.body.length });
      await route.fulfill({ status: response.status, headers: answerHeaders, body: response.body });
    } catch (error) {
      const text = refusalText(error);
      log.refusals.set(url, text);
      record({ status: 0, transferSize: 0, failure: text });
      await route.abort(error instanceof OutboundHttpError && error.code === 'refused_address' ? 'blockedbyclient' : 'failed').catch(() => undefined);
    }
  });
}
