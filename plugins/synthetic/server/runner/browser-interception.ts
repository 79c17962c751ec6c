import { OutboundHttpError, type OutboundHttpClient } from '@cassette/plugin-sdk/server';
import type { CDPSession } from 'playwright-core';
import { fetchForBrowser, isNetworkUrl, refusalText, unmadeReason } from './outbound-route.js';

interface PausedRequest {
  requestId: string;
  request: { url: string; method: string; headers: Record<string, string>; postData?: string; postDataEntries?: { bytes?: string }[] };
}

function bodyOf(request: PausedRequest['request']): Buffer | null {
  if (request.postDataEntries?.length) return Buffer.concat(request.postDataEntries.map((e) => Buffer.from(e.bytes ?? '', 'base64')));
  return request.postData === undefined ? null : Buffer.from(request.postData, 'utf8');
}

/**
 * Intercepts every request of the whole browser at the DevTools protocol level (the Fetch domain
 * on the browser target: every tab, worker and browser-made request such as a web app manifest)
 * and makes it through the outbound client. Tabs the runner does not open itself, such as
 * Lighthouse's, are covered this way; refused addresses are never reached. `refused` is told
 * about each refusal (for the audit's report).
 */
export async function interceptBrowserRequests(session: CDPSession, outbound: OutboundHttpClient, timeoutMs: number, refused: (url: string, reason: string) => void = () => undefined): Promise<void> {
  session.on('Fetch.requestPaused', (event: PausedRequest) => {
    const { requestId, request } = event;
    const answer = async () => {
      if (!isNetworkUrl(request.url)) return session.send('Fetch.continueRequest', { requestId });
      const unmade = unmadeReason(request.method, null);
      if (unmade) {
        refused(request.url, unmade);
        return session.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' });
      }
      try {
        const response = await fetchForBrowser(outbound, { url: request.url, method: request.method, headers: request.headers, body: bodyOf(request) }, timeoutMs, null);
        return await session.send('Fetch.fulfillRequest', {
          requestId,
          responseCode: response.status,
          responseHeaders: response.headers.map(([name, value]) => ({ name, value })),
          body: response.body.toString('base64'),
        });
      } catch (error) {
        const refusedAddress = error instanceof OutboundHttpError && error.code === 'refused_address';
        if (refusedAddress) refused(request.url, refusalText(error));
        return session.send('Fetch.failRequest', { requestId, errorReason: refusedAddress ? 'BlockedByClient' : 'Failed' });
      }
    };
    // A request of a tab closed meanwhile cannot be answered any more: nothing to do.
    answer().catch(() => undefined);
  });
  await session.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
}
