import { Type } from '@sinclair/typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createExtensionPoint, createServiceRef, defineEvent } from '@cassette/plugin-sdk';
import { coreServices, defineJob, definePlugin, defineRoute, routeFor, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '../testing/test-kernel.js';

const kernels: TestKernel[] = [];
async function boot(plugins: ServerPlugin<DepsMap>[], env: Record<string, string> = {}) {
  const t = await createTestKernel({ plugins, env });
  kernels.push(t);
  return t;
}
afterEach(async () => {
  for (const t of kernels.splice(0)) await t.close();
});

interface Greeter {
  greet(name: string): string;
}
const greeterRef = createServiceRef<Greeter>('greeter.service');
const channelsPoint = createExtensionPoint<{ name: string }>('greeter.channels');
const greeted = defineEvent('greeter.greeted', 1, Type.Object({ name: Type.String() }));
const pingJob = defineJob({ name: 'listener.ping', schema: Type.Object({ n: Type.Integer() }), attempts: 1 });
const order: string[] = [];

const greeter = definePlugin({
  id: 'greeter',
  deps: { events: coreServices.events },
  register(r) {
    r.provide({ ref: greeterRef, deps: {}, create: () => ({ greet: (name: string) => `Hello, ${name}` }) });
    r.extensionPoint({
      ref: channelsPoint,
      validate: (c) => {
        if (!c.name) throw new Error('a channel needs a name');
      },
    });
    r.route(
      defineRoute({
        method: 'POST',
        url: '/greetings',
        access: { auth: 'user', project: true, permission: 'METRICS' },
        schema: { body: Type.Object({ name: Type.String({ minLength: 1 }) }) },
        handler: async ({ body, projectId }) => ({ text: `Hello, ${body.name}`, projectId }),
      }),
    );
  },
  start({ contributions, log }) {
    order.push(`start greeter (${contributions(channelsPoint).map((c) => c.value.name).join(',')})`);
    log.info('greeter started');
    return () => void order.push('stop greeter');
  },
});

const received: string[] = [];
const listenerDeps = { greeter: greeterRef, jobs: coreServices.jobs, flows: coreServices.flows };
const listenerRoute = routeFor(listenerDeps);
// A route constant, declared before any service exists: the kernel hands it the plugin's deps.
const welcomeRoute = listenerRoute({
  method: 'GET',
  url: '/welcome',
  access: { auth: 'user', project: true },
  schema: {},
  // caller and projectId are typed as present on a member's project route: no `!` needed.
  handler: async ({ deps, caller, projectId }) => ({ text: deps.greeter.greet(caller.name), projectId: projectId + 0 }),
});
const publicRoute = defineRoute({
  method: 'GET',
  url: '/listener/public',
  access: { auth: 'public' },
  schema: {},
  handler: async ({ caller, projectId }) => {
    const typeChecksOnly = () => {
      // @ts-expect-error a public route has no caller
      void caller.name;
      // @ts-expect-error a route without `project: true` has no project
      void (projectId + 1);
    };
    void typeChecksOnly;
    return { anonymous: caller === null };
  },
});
// Type-checked only: a route needing a service its plugin does not declare does not compile.
export const lacksGreeter = definePlugin({
  id: 'lacksGreeter',
  deps: { jobs: coreServices.jobs },
  // @ts-expect-error welcomeRoute needs `greeter`, which this plugin's deps lack
  register: (r) => r.route(welcomeRoute),
});
const listener = definePlugin({
  id: 'listener',
  deps: listenerDeps,
  register(r) {
    r.route(welcomeRoute);
    r.route(publicRoute);
    r.extend(channelsPoint, { name: 'email' });
    // Handlers get the plugin's resolved deps, like start does.
    r.on(greeted, async ({ name }, { deps }) => void received.push(`event ${deps.greeter.greet(name)}`));
    r.job(pingJob, async ({ n }, ctx) => void received.push(`job ${n} attempt ${ctx.attempt} ${ctx.deps.greeter.greet('job')}`));
    r.flow({ id: 'listener.toggle', machine: createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { FLIP: 'on' } }, on: {} } }) });
  },
  start({ deps }) {
    order.push(`start listener (${deps.greeter.greet('kernel')})`);
    return () => void order.push('stop listener');
  },
});

describe('kernel boot', () => {
  it('starts plugins after what they depend on and stops them in reverse', async () => {
    order.length = 0;
    // Declared in the "wrong" order on purpose: the kernel orders by dependencies.
    const t = await boot([listener, greeter] as ServerPlugin<DepsMap>[]);
    expect(t.kernel.pluginOrder).toEqual(['greeter', 'listener']);
    expect(order).toEqual(['start greeter (email)', 'start listener (Hello, kernel)']);
    await t.close();
    kernels.splice(0);
    expect(order.slice(2)).toEqual(['stop listener', 'stop greeter']);
  });

  it('delivers typed events, runs jobs and flows, and serves routes with their access rules', async () => {
    received.length = 0;
    const t = await boot([greeter, listener] as ServerPlugin<DepsMap>[]);
    await t.kernel.resolve(coreServices.events).publish(greeted, { name: 'Ada' });
    await t.kernel.resolve(coreServices.jobs).enqueue(pingJob, { n: 7 });
    await expect.poll(() => received).toEqual(['event Hello, Ada', 'job 7 attempt 1 Hello, job']);
    const actor = t.kernel.resolve(coreServices.flows).start('listener.toggle');
    actor.send({ type: 'FLIP' });
    expect(actor.getSnapshot().value).toBe('on');

    const { projectId, owner, tenantId } = await t.createTenant();
    const ok = await t.request('POST', `/api/${projectId}/greetings`, { token: owner.token, body: { name: 'Grace' } });
    expect(ok.body).toEqual({ data: { text: 'Hello, Grace', projectId } });
    const member = await t.createMember(tenantId, { permissions: ['ERRORS'] });
    expect((await t.request('POST', `/api/${projectId}/greetings`, { token: member.token, body: { name: 'x' } })).status).toBe(403);
    expect((await t.request('POST', `/api/${projectId}/greetings`, { token: owner.token, body: {} })).status).toBe(400);
  });

  it('hands route handlers the plugin\'s resolved deps, with no holder', async () => {
    const t = await boot([greeter, listener] as ServerPlugin<DepsMap>[]);
    const { projectId, owner } = await t.createTenant();
    const res = await t.request('GET', `/api/${projectId}/welcome`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.text).toMatch(/^Hello, .+/);
    expect(res.body.data.text).not.toBe('Hello, undefined');
    expect(res.body.data.projectId).toBe(projectId);
    expect((await t.request('GET', '/api/listener/public')).body).toEqual({ data: { anonymous: true } });
    // The same service instance the plugin's jobs and start see.
    expect(t.kernel.resolve(greeterRef).greet('x')).toBe('Hello, x');
  });

  it('a disabled plugin has no routes and is not reported to the UI', async () => {
    const t = await boot([greeter] as ServerPlugin<DepsMap>[]);
    expect((await t.request('GET', '/api/plugins')).body.data.enabled).toEqual(['greeter']);
    const { projectId, owner } = await t.createTenant();
    expect((await t.request('POST', `/api/${projectId}/greetings`, { token: owner.token, body: { name: 'x' } })).status).toBe(200);
    const without = await boot([]);
    const other = await without.createTenant();
    const res = await without.request('POST', `/api/${other.projectId}/greetings`, { token: other.owner.token, body: { name: 'x' } });
    expect(res.status).toBe(404);
    expect(res.body.errors).toHaveLength(1);
  });

  it('refuses to boot with a clear message when a dependency is missing', async () => {
    await expect(boot([listener] as ServerPlugin<DepsMap>[])).rejects.toThrow(/Plugin "listener" needs plugin "greeter" .* which is not enabled/);
  });

  it('refuses a dependency cycle and duplicate ids', async () => {
    const a = definePlugin({ id: 'alpha', dependsOn: ['beta'], register: () => undefined });
    const b = definePlugin({ id: 'beta', dependsOn: ['alpha'], register: () => undefined });
    await expect(boot([a, b] as ServerPlugin<DepsMap>[])).rejects.toThrow('Plugin dependency cycle: alpha → beta → alpha');
    await expect(boot([a, a] as ServerPlugin<DepsMap>[])).rejects.toThrow(/registered twice/);
  });

  it('refuses an invalid contribution to an extension point, naming both plugins', async () => {
    const bad = definePlugin({ id: 'bad', register: (r) => r.extend(channelsPoint, { name: '' }) });
    await expect(boot([greeter, bad] as ServerPlugin<DepsMap>[])).rejects.toThrow(/Plugin "bad" made an invalid contribution to "greeter.channels": a channel needs a name/);
  });

  it('refuses two contributions with the same id to an extension point that wants unique ids', async () => {
    const providersPoint = createExtensionPoint<{ id: string; send(): string }>('hub.providers');
    const hub = definePlugin({ id: 'hub', register: (r) => r.extensionPoint({ ref: providersPoint, uniqueIds: true }) });
    const slack = definePlugin({ id: 'slackish', register: (r) => r.extend(providersPoint, { id: 'chat', send: () => 'slack' }) });
    const teams = definePlugin({ id: 'teamsish', register: (r) => r.extend(providersPoint, { id: 'chat', send: () => 'teams' }) });
    const nameless = definePlugin({ id: 'nameless', register: (r) => r.extend(providersPoint, { id: '', send: () => '' }) });
    await expect(boot([hub, slack, teams] as ServerPlugin<DepsMap>[])).rejects.toThrow(
      'Plugins "slackish" and "teamsish" both contribute "chat" to "hub.providers" twice; ids must be unique: turn one of them off or rename it',
    );
    await expect(boot([hub, nameless] as ServerPlugin<DepsMap>[])).rejects.toThrow(/contribution to "hub.providers" without an id/);
    const fine = await boot([hub, slack] as ServerPlugin<DepsMap>[]);
    expect(fine.kernel.pluginOrder).toEqual(['hub', 'slackish']);
  });

  it('refuses a route that clashes with another plugin\'s route', async () => {
    const clash = definePlugin({
      id: 'clash',
      register: (r) => r.route(defineRoute({ method: 'GET', url: '/account', access: { auth: 'user' }, schema: {}, handler: async () => ({}) })),
    });
    await expect(boot([clash] as ServerPlugin<DepsMap>[])).rejects.toThrow('Plugin "clash" declares route GET /api/account, which "core" already serves');
  });

  it('serves the OpenAPI document with every route', async () => {
    const t = await boot([greeter] as ServerPlugin<DepsMap>[]);
    const doc = await t.request('GET', '/api/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/projects', '/api/{projectId}/greetings']));
  });
});
