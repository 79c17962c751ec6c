// The run options a member types (headers, cookies, basic auth, bypass CSP, network), read into
// the body the run and scheduler routes take, with the same rules the server applies.
import type { BasicAuth, Cookie, NetworkProfile, RunOptions } from '../../shared/model.js';

export interface RunOptionsForm {
  network: NetworkProfile;
  /** One `Name: value` a line. */
  headers: string;
  /** One `name=value` a line. */
  cookies: string;
  username: string;
  password: string;
  bypassCSP: boolean;
}

export const emptyRunOptions: RunOptionsForm = { network: 'wifi', headers: '', cookies: '', username: '', password: '', bypassCSP: false };

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
const COOKIE_NAME = /^[^\s;=,]+$/;

export type AdvancedOptions = Pick<RunOptions, 'network' | 'headers' | 'cookies' | 'bypassCSP'> & { basicAuth?: BasicAuth };

/** The options as the API takes them, or what to fix. */
export function readRunOptions(form: RunOptionsForm): { options: AdvancedOptions; problems: string[] } {
  const problems: string[] = [];
  const headers: Record<string, string> = {};
  for (const line of form.headers.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    if (!HEADER_NAME.test(name)) {
      problems.push(`Header "${line}" is not "Name: value"; write one header a line, such as X-Test: 1.`);
      continue;
    }
    headers[name] = line.slice(colon + 1).trim();
  }
  const cookies: Cookie[] = [];
  for (const line of form.cookies.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const equals = line.indexOf('=');
    const name = equals > 0 ? line.slice(0, equals).trim() : '';
    if (!COOKIE_NAME.test(name)) {
      problems.push(`Cookie "${line}" is not "name=value"; write one cookie a line, such as consent=yes.`);
      continue;
    }
    cookies.push({ name, value: line.slice(equals + 1).trim() });
  }
  const username = form.username.trim();
  if (username.includes(':')) problems.push('The basic auth user name cannot contain a colon.');
  if (!username && form.password) problems.push('Enter the basic auth user name, or clear the password.');
  return {
    options: { network: form.network, headers, cookies, bypassCSP: form.bypassCSP, ...(username ? { basicAuth: { username, password: form.password } } : {}) },
    problems,
  };
}

/** Stored options back into the form. */
export function runOptionsForm(options: Partial<AdvancedOptions>): RunOptionsForm {
  return {
    network: options.network ?? 'wifi',
    headers: Object.entries(options.headers ?? {})
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
    cookies: (options.cookies ?? []).map((c) => `${c.name}=${c.value}`).join('\n'),
    username: options.basicAuth?.username ?? '',
    password: options.basicAuth?.password ?? '',
    bypassCSP: options.bypassCSP ?? false,
  };
}
