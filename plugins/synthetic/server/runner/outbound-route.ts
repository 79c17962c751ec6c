import { OutboundHttpError, type OutboundHttpClient, type OutboundMethod } from '@cassette/plugin-sdk/server';
import type { BrowserContext, Route } from 'playwright-core';
import type { NetworkEntry } from '../../shared/model.js';

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

function refusalText(error: unknown): string {
  if (error instanceof OutboundHttpError) {
    if (error.code === 'refused_address') {
      return `${error.message}. Test runs reach public addresses only; an operator allows a private or local host with CASSETTE_OUTBOUND_ALLOW_HOSTS=host:port.`;
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Every request of the run's pages goes through the kernel's safe outbound client, so a test
 * reaches what the server's own requests may reach and nothing more: private, loopback and
 * metadata addresses are refused (checked after DNS, per redirect hop) unless an operator
 * allowed the host. Redirects are handed back to the browser, which asks again through here.
 */
export async function routeThroughOutbound(context: BrowserContext, outbound: OutboundHttpClient, timeoutMs: number, log: NetworkLog, startedAt: number): Promise<void> {
  await context.route('**/*', async (route: Route) => {
    const request = route.request();
    const url = request.url();
    const begun = Date.now();
    const record = (entry: Omit<NetworkEntry, 'url' | 'method' | 'type' | 'time' | 'duration'>) => {
      if (log.entries.length < MAX_NETWORK_ENTRIES) {
        log.entries.push({ url, method: request.method(), type: request.resourceType(), time: begun - startedAt, duration: Date.now() - begun, ...entry });
      }
    };
    if (!/^https?:/i.test(url)) return route.continue();
    if (!METHODS.has(request.method())) {
      record({ status: 0, transferSize: 0, failure: `${request.method()} requests are not made by test runs` });
      return route.abort('blockedbyclient');
    }
    try {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(await request.allHeaders())) if (!DROPPED_REQUEST.has(name) && !name.startsWith(':')) headers[name] = value;
      const body = request.postDataBuffer();
      const response = await outbound.fetch(url, {
        method: request.method() as OutboundMethod,
        headers,
        ...(body ? { body } : {}),
        maxRedirects: 0,
        timeoutMs,
        maxBytes: MAX_RESPONSE_BYTES,
      });
      const answerHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value === undefined || DROPPED_RESPONSE.has(name)) continue;
        answerHeaders[name] = Array.isArray(value) ? value.join('\n') : value;
      }
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
