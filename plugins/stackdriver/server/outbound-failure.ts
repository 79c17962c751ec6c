import { integrationFailure, OutboundHttpError } from '@cassette/plugin-sdk/server';

/**
 * What the safe outbound client's refusal or a dead connection means to the user. Anything that
 * is not an OutboundHttpError is a bug and is rethrown as is. `refusedFix` says what to check
 * when the address is refused.
 */
export function failureFromOutbound(error: unknown, timeoutMs: number, tool: string, refusedFix: string): Error {
  if (!(error instanceof OutboundHttpError)) return error instanceof Error ? error : new Error(String(error));
  switch (error.code) {
    case 'timeout':
      return integrationFailure('timeout', `${tool} did not answer within ${+(timeoutMs / 1000).toFixed(1)} seconds: try again in a moment.`);
    case 'refused_address':
      return integrationFailure('refused_address', `${tool}'s address ${hostOf(error.url)} is private or reserved, and Cassette calls only public addresses: ${refusedFix}.`);
    case 'too_large':
      return integrationFailure('bad_answer', `${tool} sent more than Cassette reads in one answer: try a shorter session.`);
    default:
      return integrationFailure('unreachable', `${tool} could not be reached at ${hostOf(error.url)}: try again later.`);
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
