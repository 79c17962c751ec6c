/**
 * The account's ICE servers (spec part 2 §3, Account.iceServers): the STUN and TURN servers both
 * sides of an assist call give their WebRTC peer connection, so a call can cross NATs and
 * firewalls. An admin sets them; the server and the settings form read them the same way, here.
 *
 * Addresses follow RFC 7064 (`stun:host[:port]`) and RFC 7065
 * (`turn:host[:port][?transport=udp|tcp]`, `turns:` for TLS). A TURN server relays media, so
 * browsers refuse one without a username and a credential: they are required for it.
 */

export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

export const ICE_SERVERS_MAX = 10;
export const ICE_SERVER_URLS_MAX = 10;
export const ICE_SERVER_URL_MAX_LENGTH = 512;
export const ICE_SERVER_SECRET_MAX_LENGTH = 256;

const EXAMPLE = 'stun:stun.example.com:3478 or turn:turn.example.com:3478?transport=udp';
const HOST = String.raw`(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?)`;
const PORT = String.raw`(?::(\d{1,5}))?`;
const STUN_URL = new RegExp(`^stun:${HOST}${PORT}$`, 'i');
const TURN_URL = new RegExp(`^turns?:${HOST}${PORT}(?:\\?transport=(?:udp|tcp))?$`, 'i');

export type IceServersReading = { servers: IceServer[]; errors: [] } | { servers: null; errors: string[] };

const isTurn = (url: string) => /^turns?:/i.test(url);


/** Why one address is not a STUN or TURN address, or null when it is one. */
export function iceUrlError(url: string): string | null {
  if (!url) return 'an address is empty: remove it or write one such as ' + EXAMPLE + '.';
  if (url.length > ICE_SERVER_URL_MAX_LENGTH) return `an address is longer than ${ICE_SERVER_URL_MAX_LENGTH} characters.`;
  if (!/^(stun|turns?):/i.test(url)) return `"${url}" is not a STUN or TURN address: it must start with stun:, turn: or turns:, such as ${EXAMPLE}.`;
  if (/^\w+:\/\//.test(url)) return `"${url}" must not have "//" after the scheme: write it like ${EXAMPLE}.`;
  const shaped = (isTurn(url) ? TURN_URL : STUN_URL).exec(url);
  const port = shaped?.[1];
  if (!shaped || (port !== undefined && (Number(port) < 1 || Number(port) > 65535))) {
    return isTurn(url)
      ? `"${url}" is not a valid TURN address: write turn: or turns:, a host, an optional port (1-65535) and an optional ?transport=udp or ?transport=tcp.`
      : `"${url}" is not a valid STUN address: write stun:, a host and an optional port (1-65535), without a path or query.`;
  }
  return null;
}

function optionalText(value: unknown, name: string, at: string, errors: string[]): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') {
    errors.push(`${at}: ${name} must be text.`);
    return undefined;
  }
  if (value.length > ICE_SERVER_SECRET_MAX_LENGTH) errors.push(`${at}: ${name} may be at most ${ICE_SERVER_SECRET_MAX_LENGTH} characters long.`);
  return value;
}

/**
 * Reads a list of ICE servers as sent by a form or an API client: `urls` is one address or a
 * list of them. Answers the list normalized (addresses as a list, trimmed, empty credentials
 * left out) or every reason it is refused, each naming the entry (counted from 1).
 */
export function readIceServers(value: unknown): IceServersReading {
  if (!Array.isArray(value)) return { servers: null, errors: ['iceServers must be a list of servers such as [{ "urls": ["stun:stun.example.com:3478"] }] (an empty list removes them all).'] };
  if (value.length > ICE_SERVERS_MAX) return { servers: null, errors: [`At most ${ICE_SERVERS_MAX} ICE servers can be set: remove ${value.length - ICE_SERVERS_MAX}.`] };
  const errors: string[] = [];
  const servers: IceServer[] = [];
  value.forEach((entry: unknown, index) => {
    const at = `ICE server ${index + 1}`;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      errors.push(`${at} must be an object with urls, and a username and credential for TURN.`);
      return;
    }
    const record = entry as Record<string, unknown>;
    const unknown = Object.keys(record).filter((key) => !['urls', 'username', 'credential'].includes(key));
    if (unknown.length > 0) errors.push(`${at}: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}; use urls, username and credential.`);
    const rawUrls = typeof record.urls === 'string' ? [record.urls] : record.urls;
    if (!Array.isArray(rawUrls) || rawUrls.length === 0) {
      errors.push(`${at}: urls is required, one address or a list of them, such as ${EXAMPLE}.`);
      return;
    }
    if (rawUrls.length > ICE_SERVER_URLS_MAX) {
      errors.push(`${at}: at most ${ICE_SERVER_URLS_MAX} addresses per server.`);
      return;
    }
    const urls: string[] = [];
    for (const raw of rawUrls) {
      if (typeof raw !== 'string') {
        errors.push(`${at}: every address in urls must be text.`);
        continue;
      }
      const url = raw.trim();
      const error = iceUrlError(url);
      if (error) errors.push(`${at}: ${error}`);
      else urls.push(url);
    }
    const username = optionalText(record.username, 'username', at, errors);
    const credential = optionalText(record.credential, 'credential', at, errors);
    if (urls.some(isTurn) && (username === undefined || credential === undefined)) {
      errors.push(`${at}: a TURN server needs a username and a credential (the ones your TURN service gave you).`);
    }
    servers.push({ urls, ...(username !== undefined ? { username } : {}), ...(credential !== undefined ? { credential } : {}) });
  });
  return errors.length > 0 ? { servers: null, errors } : { servers, errors: [] };
}
