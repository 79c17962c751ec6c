// A local HTTP server playing a tool's API for the owner's tests: it answers every request with
// the status a test sets, keeps what it received, and can hold requests without answering (a
// tool that hangs). Built on the SDK's stand-in, which tool plugins use with answers of their own.
import { startHttpStandIn } from '@cassette/plugin-sdk/testing';

export interface ToolStandIn {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `127.0.0.1:<port>`, for CASSETTE_OUTBOUND_ALLOW_HOSTS. */
  hostPort: string;
  requests: { method: string; path: string; authorization: string | undefined }[];
  /** The status of the next answers (200 by default). */
  status: number;
  /** When true, requests are held unanswered until `close()`. */
  hang: boolean;
  close(): Promise<void>;
}

export async function startToolStandIn(): Promise<ToolStandIn> {
  const standIn = { requests: [], status: 200, hang: false } as unknown as ToolStandIn;
  const server = await startHttpStandIn((request) => {
    standIn.requests.push({ method: request.method, path: request.path, authorization: request.headers.authorization });
    return standIn.hang ? { hang: true } : { status: standIn.status, body: { ok: standIn.status < 400 } };
  });
  return Object.assign(standIn, { url: server.origin, hostPort: server.hostPort, close: () => server.close() });
}
