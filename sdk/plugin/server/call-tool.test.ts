import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, startHttpStandIn, type HttpStandIn, type StandInReply, type StandInRequest, type TestKernel } from '../testing.js';
import { callTool, toolTransportFailure, type ToolCall } from './call-tool.js';
import { isIntegrationFailure } from './integration-failure.js';
import type { OutboundHttpClient } from './outbound-http.js';
import { coreServices } from './services.js';

/** A tool whose every path is one of its answers. */
function tool(request: StandInRequest): StandInReply {
  switch (request.url.pathname) {
    case '/echo':
      return { body: { method: request.method, contentType: request.headers['content-type'] ?? null, accept: request.headers.accept ?? null, body: request.body } };
    case '/empty':
      return { status: 204 };
    case '/broken':
      return { status: 502, body: '<html>Bad gateway</html>' };
    case '/bad-request':
      return { status: 400, body: { errors: [{ detail: 'Unknown field "tag"' }] } };
    case '/rate-limited-until':
      return { status: 429, headers: { 'retry-after': new Date(Date.now() + 90_000).toUTCString() } };
    case '/huge':
      return { body: 'x'.repeat(4096) };
    default:
      return { status: 404 };
  }
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!isIntegrationFailure(error)) throw new Error(`expected an integration failure, got ${String(error)}`);
  return error;
}

describe('callTool over the safe outbound client', () => {
  let standIn: HttpStandIn;
  let closedPort: string;
  let t: TestKernel;
  let http: OutboundHttpClient;
  const call = (path: string, extra: Partial<ToolCall> = {}) => callTool(http, { tool: 'Acme Logs', url: `${standIn.origin}${path}`, ...extra });

  beforeAll(async () => {
    standIn = await startHttpStandIn(tool);
    const gone = await startHttpStandIn(tool);
    closedPort = gone.hostPort;
    await gone.close();
    t = await createTestKernel({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: `${standIn.hostPort},${closedPort}` } });
    http = t.kernel.resolve(coreServices.outboundHttp);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('sends JSON with its content type and reads the JSON answer; an empty answer is null', async () => {
    const answer = await call('/echo', { method: 'POST', json: { query: 'cassetteSessionId:1' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ method: 'POST', contentType: 'application/json', accept: 'application/json', body: '{"query":"cassetteSessionId:1"}' });
    expect((await call('/empty')).body).toBeNull();
  });

  it("calls a tool's server error 'unreachable' and a refused request 'bad_answer', quoting the tool", async () => {
    const broken = await failureOf(call('/broken'));
    expect(broken.integrationFailure).toBe('unreachable');
    expect(broken.message).toBe("Acme Logs is having trouble (502): try again later, or check the tool's status page.");
    const refused = await failureOf(call('/bad-request'));
    expect(refused.integrationFailure).toBe('bad_answer');
    expect(refused.message).toBe('Acme Logs did not accept the request (400: "Unknown field "tag""): check the configuration.');
  });

  it('falls back to general fixes when the tool names none', async () => {
    expect((await failureOf(call('/nowhere'))).message).toBe('Acme Logs found nothing at this address (404): check the names in the configuration.');
  });

  it('reads Retry-After given as a date', async () => {
    const failure = await failureOf(call('/rate-limited-until'));
    expect(failure.integrationFailure).toBe('rate_limited');
    expect(failure.retryAfterSeconds).toBeGreaterThan(60);
    expect(failure.retryAfterSeconds).toBeLessThanOrEqual(90);
  });

  it('turns an answer past the size cap into bad_answer and a refused connection into unreachable', async () => {
    const huge = await failureOf(call('/huge', { maxBytes: 1024 }));
    expect(huge.integrationFailure).toBe('bad_answer');
    expect(huge.message).toBe('Acme Logs answered more than Cassette reads at once: narrow the search (fewer indexes or a shorter session).');
    const closed = await failureOf(callTool(http, { tool: 'Acme Logs', url: `http://${closedPort}/echo` }));
    expect(closed.integrationFailure).toBe('unreachable');
    expect(closed.message).toBe(`Cassette could not connect to Acme Logs at ${closedPort}: check the host and port, and that the tool is running.`);
  });

  it("gives a tool that makes its own request callTool's words for the outbound client's refusals, and leaves other errors alone", async () => {
    const url = `http://${closedPort}/token`;
    const refused = await http.fetch(url, { method: 'POST', body: 'grant_type=x', timeoutMs: 2_000 }).then(() => null, (e: unknown) => e);
    const failure = toolTransportFailure({ tool: 'Acme Sign-in', url }, refused);
    expect(isIntegrationFailure(failure) && failure.integrationFailure).toBe('unreachable');
    expect(failure.message).toBe(`Cassette could not connect to Acme Sign-in at ${closedPort}: check the host and port, and that the tool is running.`);
    const bug = new TypeError('not a function');
    expect(toolTransportFailure({ tool: 'Acme Sign-in', url }, bug)).toBe(bug);
  });
});
