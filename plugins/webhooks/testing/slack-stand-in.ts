// A local Slack for "Add to Slack" tests: `POST /api/oauth.v2.access` as Slack documents it (the
// app's credentials in a Basic header, the code and redirect_uri as a form; HTTP 200 with
// `ok: false` and an `error` code when refused), each exchange recorded.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlackExchange {
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

export interface SlackStandIn {
  /** Slack's origin as the webhooks plugin's `slackUrl` setting takes it. */
  url: string;
  hostPort: string;
  exchanges: SlackExchange[];
  close(): Promise<void>;
}

export interface SlackStandInOptions {
  clientId: string;
  clientSecret: string;
  /** The code each channel is picked with, and the channel (`#alerts`) and its webhook URL. */
  codes: Record<string, { channel: string; url: string }>;
}

export async function startSlackStandIn(options: SlackStandInOptions): Promise<SlackStandIn> {
  const exchanges: SlackExchange[] = [];
  const used = new Set<string>();
  const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (body: object) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/api/oauth.v2.access') {
        res.writeHead(404).end();
        return;
      }
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      exchanges.push({ authorization: req.headers.authorization, contentType: req.headers['content-type'], form });
      if (req.headers.authorization !== expected) return answer({ ok: false, error: 'bad_client_secret' });
      const code = form.code ?? '';
      const hook = options.codes[code];
      if (!hook) return answer({ ok: false, error: 'invalid_code' });
      if (used.has(code)) return answer({ ok: false, error: 'code_already_used' });
      used.add(code);
      answer({
        ok: true,
        app_id: 'A0KRD7HC3',
        authed_user: { id: 'U1234' },
        scope: 'incoming-webhook',
        token_type: 'bot',
        access_token: 'xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy',
        bot_user_id: 'U0KRQLJ9H',
        team: { name: 'Acme', id: 'T9TK3CUKW' },
        enterprise: null,
        is_enterprise_install: false,
        incoming_webhook: { channel: hook.channel, channel_id: 'C05002EAE', configuration_url: 'https://acme.slack.com/services/B05002EAE', url: hook.url },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    exchanges,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
