import { describe, expect, it } from 'vitest';
import { emptyRunOptions, readRunOptions, runOptionsForm } from './run-options.js';

describe('run options typed by a member', () => {
  it('reads headers, cookies, basic auth and bypass CSP, and gives them back', () => {
    const form = { ...emptyRunOptions, network: '3g' as const, headers: 'X-Test: 1\n\n Authorization : Bearer a:b ', cookies: 'consent=yes\nab=x=y', username: 'qa', password: 'pw', bypassCSP: true };
    const { options, problems } = readRunOptions(form);
    expect(problems).toEqual([]);
    expect(options).toEqual({ network: '3g', headers: { 'X-Test': '1', Authorization: 'Bearer a:b' }, cookies: [{ name: 'consent', value: 'yes' }, { name: 'ab', value: 'x=y' }], basicAuth: { username: 'qa', password: 'pw' }, bypassCSP: true });
    expect(readRunOptions(runOptionsForm(options)).options).toEqual(options);
  });

  it('leaves basic auth out without a user name and says what is wrong with a line', () => {
    expect(readRunOptions(emptyRunOptions)).toEqual({ options: { network: 'wifi', headers: {}, cookies: [], bypassCSP: false }, problems: [] });
    const { problems } = readRunOptions({ ...emptyRunOptions, headers: 'no colon here', cookies: '=x', username: 'a:b' });
    expect(problems).toEqual([
      'Header "no colon here" is not "Name: value"; write one header a line, such as X-Test: 1.',
      'Cookie "=x" is not "name=value"; write one cookie a line, such as consent=yes.',
      'The basic auth user name cannot contain a colon.',
    ]);
    expect(readRunOptions({ ...emptyRunOptions, password: 'pw' }).problems).toEqual(['Enter the basic auth user name, or clear the password.']);
  });
});
