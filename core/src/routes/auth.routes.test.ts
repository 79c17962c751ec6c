import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestKernel, type TestKernel } from '../testing/test-kernel.js';

const owner = { email: 'ada@example.com', password: 'correct horse battery', fullname: 'Ada Lovelace', organizationName: 'Analytical Engines', projectHost: 'https://Engines.example.com/notes' };

describe('signup, login, logout, password reset', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await createTestKernel();
  });
  afterAll(async () => t.close());

  it('signup is open while no tenant exists, creates the tenant, owner and a first project, then closes', async () => {
    expect((await t.request('GET', '/api/signup')).body).toEqual({ data: { tenants: false, edition: 'self-hosted', captcha: null } });
    const res = await t.request('POST', '/api/signup', { body: owner });
    expect(res.status).toBe(200);
    expect(typeof res.body.jwt).toBe('string');
    expect(res.body.data.account).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace', admin: true, superAdmin: true, changePassword: false });
    expect(res.body.data.client).toMatchObject({ name: 'Analytical Engines' });
    const projects = await t.request('GET', '/api/projects', { token: res.body.jwt });
    expect(projects.body.data).toHaveLength(1);
    // The first project carries the site host asked at signup, kept as a host even when pasted as an address.
    expect(projects.body.data[0]).toMatchObject({ status: 'red', recorded: false, host: 'engines.example.com' });
    expect(projects.body.data[0].projectKey).toMatch(/^[a-zA-Z0-9]{20}$/);

    expect((await t.request('GET', '/api/signup')).body).toEqual({ data: { tenants: true, edition: 'self-hosted', captcha: null } });
    const again = await t.request('POST', '/api/signup', { body: { ...owner, email: 'eve@example.com' } });
    expect(again.status).toBe(403);
    expect(again.body.errors[0]).toMatch(/Signup is closed/);
  });

  it('asks for the first project’s site host, and refuses anything but a host before creating anything', async () => {
    const fresh = await createTestKernel();
    try {
      const { projectHost: _omitted, ...withoutHost } = owner;
      const missing = await fresh.request('POST', '/api/signup', { body: withoutHost });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual(['projectHost is required']);
      for (const [projectHost, message] of [
        ['', 'Enter the site’s host, such as shop.example.com.'],
        ['*.example.com', 'Enter the host without a wildcard: pages on its subdomains count too.'],
        ['not a host', 'The host must be a domain name or an IP address, optionally with a port, such as shop.example.com or localhost:3000.'],
      ]) {
        const refused = await fresh.request('POST', '/api/signup', { body: { ...owner, projectHost } });
        expect(refused.status, projectHost).toBe(400);
        expect(refused.body.errors).toEqual([message]);
      }
      expect((await fresh.request('GET', '/api/signup')).body).toEqual({ data: { tenants: false, edition: 'self-hosted', captcha: null } });
    } finally {
      await fresh.close();
    }
  });

  it('asks for a captcha only when an operator configured a provider, and checks the answer with it', async () => {
    // The provider's siteverify, on 127.0.0.1: "good" is the one right answer.
    const seen: URLSearchParams[] = [];
    const provider: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: form.get('response') === 'good' && form.get('secret') === 'shh' }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const port = (provider.address() as AddressInfo).port;
    const fresh = await createTestKernel({
      env: {
        CAPTCHA_PROVIDER: 'hcaptcha',
        CAPTCHA_SITE_KEY: 'site-key-1',
        CAPTCHA_SECRET: 'shh',
        CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
        CASSETTE_OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${port}`,
        CASSETTE_EDITION: 'cloud',
      },
    });
    try {
      expect((await fresh.request('GET', '/api/signup')).body.data).toEqual({
        tenants: false,
        edition: 'cloud',
        captcha: { provider: 'hcaptcha', siteKey: 'site-key-1', script: 'https://js.hcaptcha.com/1/api.js', widgetClass: 'h-captcha', field: 'h-captcha-response' },
      });
      const missing = await fresh.request('POST', '/api/signup', { body: owner });
      expect([missing.status, missing.body.errors]).toEqual([400, ['Complete the captcha under the form, then create the account.']]);
      const wrong = await fresh.request('POST', '/api/signup', { body: { ...owner, 'g-recaptcha-response': 'bad' } });
      expect([wrong.status, wrong.body.errors]).toEqual([400, ['The captcha was not accepted. Solve it again, then create the account.']]);
      const right = await fresh.request('POST', '/api/signup', { body: { ...owner, 'g-recaptcha-response': 'good' } });
      expect(right.status).toBe(200);
      expect(right.body.data.client.edition).toBe('cloud');
      expect(seen.map((f) => f.get('response'))).toEqual(['bad', 'good']);
    } finally {
      await fresh.close();
      provider.close();
    }
    // Without a provider, an answer sent anyway is ignored (the first test signed up without one).
  });

  it("the account carries the install's banner, whether e-mail is set up, and the licence (part 2 §3)", async () => {
    const fresh = await createTestKernel({ env: { CASSETTE_BANNER: 'Maintenance Friday 18:00 UTC', CASSETTE_LICENSE: 'AGPL-3.0', SMTP_URL: '' } });
    try {
      const res = await fresh.request('POST', '/api/signup', { body: owner });
      expect(res.body.data.account).toMatchObject({ banner: 'Maintenance Friday 18:00 UTC', smtp: false, license: { name: 'AGPL-3.0', edition: 'self-hosted' } });
      // A licence that never expires: no expirationDate (empty values are left out of answers).
      expect(res.body.data.account).not.toHaveProperty('expirationDate');
      const account = await fresh.request('GET', '/api/account', { token: res.body.jwt });
      expect(account.body.data).toMatchObject({ banner: 'Maintenance Friday 18:00 UTC', smtp: false, license: { name: 'AGPL-3.0', edition: 'self-hosted' } });
    } finally {
      await fresh.close();
    }
    const mailing = await createTestKernel({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      const res = await mailing.request('POST', '/api/signup', { body: owner });
      expect(res.body.data.account).toMatchObject({ smtp: true });
      expect(res.body.data.account).not.toHaveProperty('banner');
    } finally {
      await mailing.close();
    }
  });

  it('tells the UI whether the crash-testing widget and self-recording are on, off unless an operator turns them on', async () => {
    expect((await t.request('GET', '/api/plugins')).body.data.debug).toEqual({ crashTesting: false, selfRecordKey: null });
    const debugging = await createTestKernel({ env: { CASSETTE_CRASH_TESTING: '1', CASSETTE_SELF_RECORD_KEY: 'abcdefghij0123456789' } });
    try {
      expect((await debugging.request('GET', '/api/plugins')).body.data.debug).toEqual({ crashTesting: true, selfRecordKey: 'abcdefghij0123456789' });
    } finally {
      await debugging.close();
    }
  });

  it('validates signup fields with readable messages', async () => {
    const res = await t.request('POST', '/api/signup', { body: { email: 'not-an-email', password: 'short', fullname: '', organizationName: '' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining(['email must be a valid e-mail address', 'password must be at least 8 characters', 'fullname must be at least 1 characters']),
    );
  });

  it('logs in, and logout invalidates exactly that token', async () => {
    const a = await t.request('POST', '/api/login', { body: { email: 'ADA@example.com', password: owner.password } });
    const b = await t.request('POST', '/api/login', { body: { email: owner.email, password: owner.password } });
    expect(a.status).toBe(200);
    expect((await t.request('GET', '/api/account', { token: a.body.jwt })).status).toBe(200);
    expect((await t.request('POST', '/api/logout', { token: a.body.jwt })).status).toBe(200);
    expect((await t.request('GET', '/api/account', { token: a.body.jwt })).status).toBe(401);
    expect((await t.request('GET', '/api/account', { token: b.body.jwt })).status).toBe(200);
  });

  it('refuses wrong passwords with one message, tampered tokens, and other algorithms', async () => {
    const wrong = await t.request('POST', '/api/login', { body: { email: owner.email, password: 'nope-nope' } });
    const unknown = await t.request('POST', '/api/login', { body: { email: 'who@example.com', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    const ok = await t.request('POST', '/api/login', { body: { email: owner.email, password: owner.password } });
    const [header, payload] = (ok.body.jwt as string).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await t.request('GET', '/api/account', { token: none })).status).toBe(401);
    expect((await t.request('GET', '/api/account', { token: `${header}.${payload}.AAAA` })).status).toBe(401);
  });

  it('rate-limits repeated failures on one account', async () => {
    const email = 'target@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await t.request('POST', '/api/login', { body: { email, password: 'guess-guess' } })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('resets a password by a single-use link that the log mailer would print', async () => {
    t.mails.length = 0;
    expect((await t.request('POST', '/api/password/reset-link', { body: { email: owner.email } })).status).toBe(200);
    expect((await t.request('POST', '/api/password/reset-link', { body: { email: 'nobody@example.com' } })).status).toBe(200);
    await t.waitForMails(1);
    expect(t.mails).toHaveLength(1);
    const token = /token=([^\s&]+)/.exec(t.mails[0]!.text)?.[1];
    expect(token).toBeTruthy();
    const info = await t.request('GET', `/api/password/token?token=${token}`);
    expect(info.body.data).toMatchObject({ email: owner.email, kind: 'reset' });
    const reset = await t.request('POST', '/api/password/reset', { body: { token: decodeURIComponent(token!), password: 'a brand new password' } });
    expect(reset.status).toBe(200);
    const reuse = await t.request('POST', '/api/password/reset', { body: { token: decodeURIComponent(token!), password: 'another new password' } });
    expect(reuse.status).toBe(404);
    expect((await t.request('POST', '/api/login', { body: { email: owner.email, password: 'a brand new password' } })).status).toBe(200);
    owner.password = 'a brand new password';
  });

  it('limits reset-link requests per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.request('POST', '/api/password/reset-link', { body: { email: 'flood@example.com' } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('changes the password and clears a forced change', async () => {
    const login = await t.request('POST', '/api/login', { body: { email: owner.email, password: owner.password } });
    const bad = await t.request('POST', '/api/account/password', { token: login.body.jwt, body: { oldPassword: 'wrong-one', newPassword: 'whatever-else' } });
    expect(bad.status).toBe(400);
    const ok = await t.request('POST', '/api/account/password', { token: login.body.jwt, body: { oldPassword: owner.password, newPassword: 'third password here' } });
    expect(ok.status).toBe(200);
    expect((await t.request('GET', '/api/account', { token: login.body.jwt })).status).toBe(401);
    expect((await t.request('GET', '/api/account', { token: ok.body.jwt })).status).toBe(200);
    owner.password = 'third password here';
  });

  it('answers unknown routes and broken JSON with JSON errors', async () => {
    const missing = await t.request('GET', '/api/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]).toMatch(/No route GET \/api\/nope/);
    const broken = await t.kernel.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors).toHaveLength(1);
  });
});

describe('types in JSON bodies are not coerced', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await createTestKernel();
  });
  afterAll(async () => t.close());

  it('refuses a number where a name is expected, but still reads numbers from paths and query strings', async () => {
    const { owner, projectId } = await t.createTenant();
    const rename = await t.request('POST', '/api/account', { token: owner.token, body: { name: 123 } });
    expect(rename.status).toBe(400);
    expect(rename.body.errors).toEqual(['name must be a string']);
    expect((await t.request('GET', `/api/projects/${projectId}`, { token: owner.token })).status).toBe(200);
  });
});
