// Just enough MIME for tests that catch the product's mails over real SMTP: the subject
// (RFC 2047 words decoded), the text part and the HTML part, quoted-printable or base64.

export interface DecodedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

function bytesToText(bytes: number[]): string {
  return Buffer.from(bytes).toString('utf8');
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return bytesToText(bytes);
}

/** RFC 2047 words (`=?UTF-8?Q?...?=`) in a header; adjacent words join without the space between them. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function splitHeadAndBody(raw: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Just enough MIME for the mails the product sends: a text part, maybe an HTML part beside it. */
export function decodeMail(raw: string, to: string[]): DecodedMail {
  const { headers, body } = splitHeadAndBody(raw);
  const mail: DecodedMail = { to, subject: decodeHeader(headers.get('subject') ?? ''), text: '', html: '' };
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1)
        .filter((part) => !part.startsWith('--'))
        .map((part) => splitHeadAndBody(part.replace(/^\r?\n/, '')))
    : [{ headers, body }];
  for (const part of parts) {
    const partType = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
    const decoded = decodeBody(part.headers, part.body).replace(/\r\n/g, '\n').replace(/\n$/, '');
    if (partType.startsWith('text/html')) mail.html = decoded;
    else if (partType.startsWith('text/plain')) mail.text = decoded;
  }
  return mail;
}
