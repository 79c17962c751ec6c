/** Just enough MIME for tests: the subject and the plain-text body, quoted-printable decoded. */
export function decodeMail(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const subject = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
  let body = rest.join('\n\n');
  if (/quoted-printable/i.test(raw)) {
    body = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return { subject, text: body };
}
