import { startBody } from '@cassette/plugin-ingest/testing';

const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** What a client needs to reach a listening server: plain data, so another process can have it. */
export interface Connection {
  base: string;
  projectId: number;
  projectKey: string;
  ownerToken: string;
}

export interface Answer {
  status: number;
  retryAfter: number | null;
}

/** The tracker's endpoints and the session search over HTTP, as a website's visitors and a team member call them. */
export class IngestClient {
  constructor(readonly connection: Connection) {}

  async start(address: string): Promise<Answer & { session: { sessionId: string; token: string } | null }> {
    const body = startBody(this.connection.projectKey);
    const res = await fetch(`${this.connection.base}/api/ingest/v1/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': CHROME_UA, 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: { sessionId: string; token: string } };
    return { status: res.status, retryAfter: retryAfterOf(res), session: res.ok && json.data ? json.data : null };
  }

  async session(address: string): Promise<{ sessionId: string; token: string }> {
    const res = await this.start(address);
    if (!res.session) throw new Error(`the session did not start: ${res.status}`);
    return res.session;
  }

  async send(token: string, gzipped: Buffer): Promise<Answer> {
    const res = await fetch(`${this.connection.base}/api/ingest/v1/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}` },
      body: new Uint8Array(gzipped),
    });
    await res.arrayBuffer();
    return { status: res.status, retryAfter: retryAfterOf(res) };
  }

  /** Whether a session search for a click on `label` finds a session, as the sessions page asks. */
  async searchable(label: string): Promise<boolean> {
    const res = await fetch(`${this.connection.base}/api/${this.connection.projectId}/sessions/search2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.connection.ownerToken}` },
      body: JSON.stringify({ events: [{ type: 'CLICK', operator: 'on', value: [label] }] }),
    });
    if (!res.ok) throw new Error(`the search answered ${res.status}`);
    return ((await res.json()) as { data: { total: number } }).data.total > 0;
  }
}

function retryAfterOf(res: Response): number | null {
  const value = res.headers.get('retry-after');
  return value === null ? null : Number(value);
}
