import { HttpError, OutboundHttpError, badRequest, isIntegrationFailure, type Logger, type OutboundHttpClient, type OutboundRequestOptions } from '@cassette/plugin-sdk/server';
import type { IntegrationContext, LogSource, TicketProvider } from '../api.js';

/** The timeout each failed request ran with, so a timeout is reported with the wait the user actually had. */
const timeoutOf = new WeakMap<Error, number>();

/** The kernel's outbound client with every request bounded by the owner's call timeout. */
function boundedClient(outbound: OutboundHttpClient, timeoutMs: number): OutboundHttpClient {
  const bound = (options: OutboundRequestOptions = {}): OutboundRequestOptions => ({ ...options, timeoutMs: Math.min(options.timeoutMs ?? timeoutMs, timeoutMs) });
  const remember = (options: OutboundRequestOptions) => (error: unknown) => {
    if (error instanceof Error) timeoutOf.set(error, options.timeoutMs!);
    throw error;
  };
  return {
    fetch: (url, options) => {
      const o = bound(options);
      return outbound.fetch(url, o).catch(remember(o));
    },
    stream: (url, options) => {
      const o = bound(options);
      return outbound.stream(url, o).catch(remember(o));
    },
  };
}

export function integrationContext(outbound: OutboundHttpClient, log: Logger, callTimeoutSeconds: number): IntegrationContext {
  return { outboundHttp: boundedClient(outbound, Math.round(callTimeoutSeconds * 1000)), log, now: () => Date.now() };
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The sentence the user reads for a failed call to a tool, or null for an error that is a bug
 * (it stays a 500, logged). A contribution's IntegrationFailure carries its own sentence; the
 * outbound client's refusals are worded here, once for every tool.
 */
export function failureMessage(label: string, error: unknown): string | null {
  if (isIntegrationFailure(error)) return error.message;
  if (!(error instanceof OutboundHttpError)) return null;
  const host = hostOf(error.url);
  switch (error.code) {
    case 'refused_address':
      return `${label} was not called: ${host} is not a public address (loopback, private, link-local or cloud metadata addresses are refused). Use the tool's public address, or ask your operator to allow ${host} in CASSETTE_OUTBOUND_ALLOW_HOSTS.`;
    case 'timeout':
      return `${label} did not answer in ${seconds(timeoutOf.get(error) ?? 0)}. Check the address, or try again later.`;
    case 'network':
      return `${label} could not be reached at ${host}: ${error.message}. Check the address.`;
    case 'invalid_url':
      return `${label} was not called: ${error.url} is not an http(s) address.`;
    case 'too_many_redirects':
      return `${label} at ${host} redirected too many times. Check the address.`;
    case 'too_large':
      return `${label} answered with more data than Cassette reads.`;
    case 'bad_status':
      return `${label} answered with status ${error.status ?? 'unknown'}.`;
  }
}

/** The user-facing error of a failed call: 400 with the tool's sentence (a tool's rate limit is not ours, so not a 429). */
export function toolError(label: string, error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const message = failureMessage(label, error);
  return message === null ? error : badRequest(message);
}

/** Runs one call to a tool; a failure the user can act on becomes a 4xx with its sentence. */
export async function callContribution<T>(contribution: LogSource | TicketProvider, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toolError(contribution.label, error);
  }
}
