// A contribution's context with no network: every request is recorded and fails as a refused
// connection, unless `answer` returns what the tool would say. Boot tests use it to see which
// addresses a contribution built from the operator's settings calls, without a stand-in.
import { coreServices, OutboundHttpError, type OutboundHttpClient, type OutboundResponse } from '@cassette/plugin-sdk/server';
import type { TestKernel } from '@cassette/plugin-sdk/testing';
import type { IntegrationContext } from '../api.js';

export interface OfflineContext {
  ctx: IntegrationContext;
  /** Every URL asked for, in order. */
  urls: string[];
}

/** A 200 JSON answer, for `answer`. */
export function jsonAnswer(url: string, body: unknown): OutboundResponse {
  return { status: 200, headers: {}, contentType: 'application/json', url, redirects: 0, body: Buffer.from(JSON.stringify(body)) };
}

export function offlineContext(t: TestKernel, answer: (url: string) => OutboundResponse | undefined = () => undefined): OfflineContext {
  const urls: string[] = [];
  const outboundHttp: OutboundHttpClient = {
    fetch: async (url) => {
      urls.push(url);
      const answered = answer(url);
      if (!answered) throw new OutboundHttpError('network', 'offline', url);
      return answered;
    },
    stream: async (url) => {
      urls.push(url);
      throw new OutboundHttpError('network', 'offline', url);
    },
  };
  return { urls, ctx: { outboundHttp, log: t.kernel.resolve(coreServices.logger), now: () => Date.UTC(2026, 10, 27, 10) } };
}
