import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '../testing/test-kernel.js';

const STUN = { urls: ['stun:stun.example.test:3478'] };
const TURN = { urls: ['turn:turn.example.test:3478?transport=udp', 'turns:turn.example.test:5349'], username: 'agent', credential: 'relay-secret' };

describe("the account's ICE servers (PUT /api/account/ice-servers, Account.iceServers)", () => {
  let t: TestKernel;
  let tenantId: number;
  let ownerToken: string;
  beforeAll(async () => {
    t = await createTestKernel({ plugins: [] });
    const a = await t.createTenant('Ice org');
    tenantId = a.tenantId;
    ownerToken = a.owner.token;
  });
  afterAll(async () => t?.close());

  const account = async (token: string) => (await t.request('GET', '/api/account', { token })).body.data;
  const put = (token: string, iceServers: unknown) => t.request('PUT', '/api/account/ice-servers', { token, body: { iceServers } });

  it('is an empty list until an admin sets it, then every member of the organization gets it with the account', async () => {
    expect((await account(ownerToken)).iceServers).toEqual([]);
    const admin = await t.createMember(tenantId, { admin: true });
    const saved = await put(admin.token, [{ urls: ' stun:stun.example.test:3478 ' }, TURN]);
    expect(saved.status).toBe(200);
    expect(saved.body.data.iceServers).toEqual([STUN, TURN]);
    const agent = await t.createMember(tenantId, { permissions: ['ASSIST_LIVE', 'ASSIST_CALL'] });
    expect((await account(agent.token)).iceServers).toEqual([STUN, TURN]);
    // Plugins read the same list through the kernel (the assist call hands it to both peers).
    expect(await t.kernel.resolve(coreServices.tenants).iceServers(tenantId)).toEqual([STUN, TURN]);
    // Another organization keeps its own (none).
    const other = await t.createTenant('Other ice org');
    expect((await account(other.owner.token)).iceServers).toEqual([]);
    expect(await t.kernel.resolve(coreServices.tenants).iceServers(other.tenantId)).toEqual([]);
  });

  it('is stored in the organization and an empty list removes them', async () => {
    await put(ownerToken, [STUN]);
    const rows = (await t.kernel.db.em().getConnection().execute('select ice_servers from core_tenants where id = ?', [tenantId])) as { ice_servers: unknown }[];
    expect(rows[0]!.ice_servers).toEqual([STUN]);
    expect((await put(ownerToken, [])).body.data.iceServers).toEqual([]);
    expect((await account(ownerToken)).iceServers).toEqual([]);
  });

  it('is set by admins only', async () => {
    await put(ownerToken, [STUN]);
    const member = await t.createMember(tenantId, { permissions: ['ASSIST_LIVE', 'ASSIST_CALL'] });
    const refused = await put(member.token, [TURN]);
    expect(refused.status).toBe(403);
    expect((await account(ownerToken)).iceServers).toEqual([STUN]);
  });

  it('refuses bad entries with a 400 naming each problem, and keeps the servers it had', async () => {
    await put(ownerToken, [STUN]);
    const cases: [unknown, RegExp][] = [
      ['stun:stun.example.test', /must be a list of servers/],
      [[{ urls: 'https://turn.example.test' }], /ICE server 1: "https:\/\/turn.example.test" is not a STUN or TURN address/],
      [[STUN, { urls: 'turn:turn.example.test:3478' }], /ICE server 2: a TURN server needs a username and a credential/],
      [[{ urls: 'stun:stun.example.test:99999' }], /not a valid STUN address/],
      [[{ urls: [] }], /urls is required/],
    ];
    for (const [body, message] of cases) {
      const res = await put(ownerToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.join(' ')).toMatch(message);
    }
    const missing = await t.request('PUT', '/api/account/ice-servers', { token: ownerToken, body: {} });
    expect(missing.status).toBe(400);
    expect((await account(ownerToken)).iceServers).toEqual([STUN]);
  });
});
