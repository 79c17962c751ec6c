import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestKernel, type TestKernel } from '../testing/test-kernel.js';

// Counts every Argon2 computation and can hold the next password check.
const argon = vi.hoisted(() => ({ hashes: 0, verifies: 0, hold: null as null | { entered: () => void; release: Promise<void> } }));
vi.mock('../auth/passwords.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../auth/passwords.js')>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      argon.hashes += 1;
      return real.hashPassword(password);
    },
    verifyPassword: async (passwordHash: string | null, password: string) => {
      argon.verifies += 1;
      const hold = argon.hold;
      argon.hold = null;
      if (hold) {
        hold.entered();
        await hold.release;
      }
      return real.verifyPassword(passwordHash, password);
    },
  };
});

const mailGate = { open: Promise.resolve() };

function loginFrom(t: TestKernel, address: string, email: string, password: string) {
  return t.kernel.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: address });
}

describe('password work: refused early, capped, per address', () => {
  let t: TestKernel;
  let owner: Awaited<ReturnType<TestKernel['createTenant']>>['owner'];
  beforeAll(async () => {
    t = await createTestKernel({
      config: { passwordHashing: { concurrency: 1, queue: 0, perAddressPerMinute: 4 } },
      mailer: { send: () => mailGate.open },
    });
    ({ owner } = await t.createTenant());
  });
  afterAll(async () => t.close());

  it('refuses a closed signup before hashing the password', async () => {
    argon.hashes = 0;
    const res = await t.kernel.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { email: 'late@example.com', password: 'password123', fullname: 'Late', organizationName: 'Late Inc', projectHost: 'late.example.test' },
      remoteAddress: '203.0.113.1',
    });
    expect(res.statusCode).toBe(403);
    expect(argon.hashes).toBe(0);
  });

  it('gives each address a budget of password checks, then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await loginFrom(t, '203.0.113.2', `nobody${i}@example.com`, 'guess-guess')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const limited = await loginFrom(t, '203.0.113.2', owner.email, owner.password);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await loginFrom(t, '203.0.113.3', owner.email, owner.password)).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After while the password checks are saturated, without queueing more', async () => {
    let entered!: () => void;
    let release!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    argon.hold = { entered, release: new Promise<void>((resolve) => (release = resolve)) };
    const first = loginFrom(t, '203.0.113.4', owner.email, owner.password);
    await inside;
    const verifiesBefore = argon.verifies;
    const second = await loginFrom(t, '203.0.113.5', owner.email, owner.password);
    expect(second.statusCode).toBe(503);
    expect(second.headers['retry-after']).toBe('1');
    expect(argon.verifies).toBe(verifiesBefore);
    release();
    expect((await first).statusCode).toBe(200);
  });

  it('failing on purpose locks out only the failing address: the owner still logs in from theirs', async () => {
    // Five failures on the account used to lock it for everyone for 15 minutes.
    for (let i = 0; i < 3; i++) expect((await loginFrom(t, '198.51.100.7', owner.email, 'wrong-on-purpose')).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await loginFrom(t, '198.51.100.8', owner.email, 'wrong-on-purpose')).statusCode).toBe(401);
    expect((await loginFrom(t, '198.51.100.9', owner.email, owner.password)).statusCode).toBe(200);
  });

  it('answers a reset-link request before the token and the mail, for members and strangers alike', async () => {
    let openGate!: () => void;
    mailGate.open = new Promise<void>((resolve) => (openGate = resolve));
    t.mails.length = 0;
    const member = await t.kernel.app.inject({ method: 'POST', url: '/api/password/reset-link', payload: { email: owner.email }, remoteAddress: '192.0.2.1' });
    const stranger = await t.kernel.app.inject({ method: 'POST', url: '/api/password/reset-link', payload: { email: 'stranger@example.com' }, remoteAddress: '192.0.2.1' });
    // The member's mail is still held by the mailer, yet both got the same answer.
    expect(member.statusCode).toBe(200);
    expect(member.body).toBe(stranger.body);
    expect(t.mails).toHaveLength(0);
    openGate();
    const [mail] = await t.waitForMails(1);
    expect(mail!.to).toBe(owner.email);
    expect(mail!.text).toMatch(/reset-password\?token=/);
    mailGate.open = Promise.resolve();
  });
});
