import 'reflect-metadata';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import type { FastifyInstance } from 'fastify';
import { createActor, type AnyActorRef } from 'xstate';
import {
  coreServices,
  sql,
  type BlobStore,
  type DepsMap,
  type FlowsService,
  type Disposable,
  type Logger,
  type Mailer,
  type ServerPlugin,
  type ServiceRef,
} from '@cassette/plugin-sdk/server';
import { ownerOf, type AppearanceWidget } from '@cassette/plugin-sdk';
import type { AppConfig } from '../config/app-config.js';
import { createDatabase, type DatabaseRuntime, type EntityDefinition } from '../database/create-database.js';
import { runMigrations, type MigrationSet } from '../database/migrator.js';
import { coreMigrations } from '../database/core-migrations.js';
import { coreEntities } from '../entities/index.js';
import { createHttpServer } from '../http/create-http-server.js';
import { mountRoutes, type MountedRoute } from '../http/mount-routes.js';
import { mountAssets } from '../http/mount-assets.js';
import { TokenService } from '../auth/tokens.js';
import { LoginRateLimiter } from '../auth/login-rate-limiter.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { EventBus } from './event-bus.js';
import { BootError } from '../boot-error.js';
import { checkDuplicateIds, orderPlugins, type PluginNode } from './plugin-graph.js';
import { collectContributions, type PluginContributions } from './registrar.js';
import { validatePluginSettings } from './plugin-settings.js';
import { corePlugin, type CoreRuntime } from '../routes/core-plugin.js';
import { createServices, type ServiceOverrides } from './create-services.js';
import { ProjectsDirectory } from '../domain/projects-directory.js';
import { UsersDirectory } from '../domain/users-directory.js';
import { TenantsDirectory } from '../domain/tenants-directory.js';
import { OnboardingTasks } from '../domain/onboarding-tasks.js';
import { issueMissingApiKeys } from '../domain/organization-api-key.js';
import { countFailures, reportQueueDepth } from '../ops/job-metrics.js';
import { createMetricsServer, mountOpsRoutes } from '../ops/mount-ops-routes.js';

export interface KernelOptions {
  config: AppConfig;
  plugins: ServerPlugin<DepsMap>[];
  version: string;
  overrides?: ServiceOverrides;
}


/**
 * Boot order: config → DI container → database → plugins register → migrations → start.
 * Shutdown runs the disposers in reverse.
 */
export class Kernel {
  private readonly disposers: { name: string; dispose: Disposable }[] = [];
  private constructor(
    readonly config: AppConfig,
    readonly container: DependencyContainer,
    readonly app: FastifyInstance,
    readonly db: DatabaseRuntime,
    readonly routes: MountedRoute[],
    readonly pluginOrder: string[],
    readonly log: Logger,
    readonly core: CoreRuntime,
    readonly mailer: Mailer,
    readonly blobs: BlobStore,
    /** The METRICS_PORT server (`/metrics` without a token), when configured. */
    readonly metricsServer: FastifyInstance | null,
  ) {}

  static async boot(options: KernelOptions): Promise<Kernel> {
    const { config } = options;
    const container = rootContainer.createChildContainer();
    const services = await createServices(config, options.overrides ?? {});
    const { log } = services;
    const disposers: { name: string; dispose: Disposable }[] = [];
    const register = <T>(ref: ServiceRef<T>, value: T) => container.register(ref.id, { useValue: value });

    let db: DatabaseRuntime | undefined;
    try {
      // Plugins register: synchronous and declarative, so a bad graph fails before anything starts.
      checkDuplicateIds(options.plugins.map((p) => p.id));
      if (options.plugins.some((p) => p.id === 'core')) throw new BootError('"core" is reserved for the kernel');
      // Settings first: a typo in the config file stops the boot before migrations or any start.
      const configuredSettings = new Map(config.plugins.map((p) => [p.id, p.settings]));
      const settings = new Map<string, Readonly<Record<string, unknown>>>();
      for (const plugin of options.plugins) {
        const value = validatePluginSettings(plugin, configuredSettings.get(plugin.id) ?? {}, config.configFile ?? 'the config file');
        if (value && plugin.settings) settings.set(plugin.settings.id, value);
      }
      const contributions = new Map<string, PluginContributions>();
      for (const plugin of options.plugins) contributions.set(plugin.id, collectContributions(plugin.id, (r) => plugin.register(r), plugin.settings && settings.get(plugin.settings.id)));
      const order = orderPlugins(buildNodes(options.plugins, contributions));
      validateExtensions(contributions);
      const appearanceWidgets = collectAppearanceWidgets(order, contributions);
      const migrations: MigrationSet[] = [{ owner: 'core', migrations: coreMigrations }, ...order.map((id) => ({ owner: id, migrations: contributions.get(id)!.migrations }))];

      // The database opens once the plugin graph is known good, and knowing its migrations
      // lets a test start from a copy already migrated to them.
      const prepared = await options.overrides?.prepareDatabase?.(migrations);
      db = await createDatabase({
        databaseUrl: config.databaseUrl,
        pgliteDir: services.pgliteDir,
        pgliteTemplate: prepared?.pgliteTemplate ?? options.overrides?.pgliteTemplate ?? config.pgliteTemplate,
        entities: coreEntities as EntityDefinition[],
      });
      const database = db;
      disposers.push({ name: 'database', dispose: () => database.close() });
      const pluginEntities = [...contributions.values()].flatMap((c) => c.entities);
      if (pluginEntities.length > 0) db.orm.discoverEntity(pluginEntities as never[]);

      await runMigrations(db, migrations, log);
      await prepared?.migrated?.(db);
      await issueMissingApiKeys(db, services.secrets, log);

      const events = new EventBus(log);
      const projects = new ProjectsDirectory(db);
      const users = new UsersDirectory(db);
      register(coreServices.logger, log);
      register(coreServices.config, services.configService);
      register(coreServices.database, db);
      register(coreServices.jobs, services.jobs);
      register(coreServices.pubsub, services.pubsub);
      register(coreServices.blobs, services.blobs);
      register(coreServices.secrets, services.secrets);
      register(coreServices.mailer, services.mailer);
      register(coreServices.outboundHttp, services.outboundHttp);
      register(coreServices.events, events);
      register(coreServices.projects, projects);
      register(coreServices.users, users);
      register(coreServices.tenants, new TenantsDirectory(db));
      register(coreServices.onboarding, new OnboardingTasks(db));
      for (const [id, value] of settings) container.register(id, { useValue: value });
      register(coreServices.metrics, services.metrics);
      disposers.push({ name: 'pubsub', dispose: () => services.pubsub.close() });

      const app = await createHttpServer({
        log,
        uiDir: config.uiDir,
        version: options.version,
        logRequests: ['debug', 'trace'].includes(config.logLevel),
        trustProxy: config.trustProxy,
        metrics: services.metrics,
      });
      disposers.push({ name: 'http', dispose: () => app.close() });
      const tokens = new TokenService(services.jwtSecret, config.tokenTtlSeconds);
      mountOpsRoutes(app, {
        probes: [
          { name: 'database', check: () => database.sql(sql`select 1`) },
          { name: 'jobs', check: () => services.jobs.ping() },
          { name: 'blobs', check: () => services.blobs.ping() },
        ],
        metrics: services.metrics,
        tokens,
        db,
        log,
      });
      reportQueueDepth(services.jobs, services.metrics);
      const metricsServer = config.metricsPort === undefined ? null : createMetricsServer(services.metrics);
      if (metricsServer) disposers.push({ name: 'metrics http', dispose: () => metricsServer.close() });
      const core: CoreRuntime = {
        config,
        db,
        tokens,
        events,
        mailer: services.mailer,
        secrets: services.secrets,
        log,
        loginLimiter: new LoginRateLimiter(),
        passwords: new PasswordHasher(config.passwordHashing),
        resetLinkLimiter: new LoginRateLimiter({ windowMs: 15 * 60_000, maxFailuresPerAccount: 3, maxFailuresPerIp: 20 }),
        enabledPlugins: order,
        appearanceWidgets,
        outbound: services.outboundHttp,
      };
      // A wrong API key names no account: only its per-IP count is used.
      const apiKeyLimiter = new LoginRateLimiter({ windowMs: 15 * 60_000, maxFailuresPerAccount: 30, maxFailuresPerIp: 30 });
      const mountDeps = { tokens, db, log, apiKeyLimiter, routeOwners: new Map<string, string>() };
      const routes: MountedRoute[] = [];
      routes.push(...mountRoutes(app, 'core', corePlugin(core), mountDeps));

      const flows = new Map<string, PluginContributions['flows'][number]>();
      const actors = new Set<AnyActorRef>();
      const flowsRegistry: FlowsService = {
        start(flowId, input) {
          const flow = flows.get(flowId);
          if (!flow) throw new Error(`Unknown flow "${flowId}"`);
          const actor = createActor(flow.machine, { input });
          actors.add(actor);
          actor.subscribe({ complete: () => actors.delete(actor) });
          actor.start();
          return actor;
        },
      };
      register(coreServices.flows, flowsRegistry);

      for (const id of order) {
        const c = contributions.get(id)!;
        const plugin = options.plugins.find((p) => p.id === id)!;
        const pluginLog = log.child({ plugin: id });
        // The plugin's own services first: its handlers and start may use them.
        for (const factory of c.services) {
          const value = await factory.create(resolveDeps(container, factory.deps, id));
          container.register(factory.ref.id, { useValue: value });
        }
        const deps = resolveDeps(container, plugin.deps ?? {}, id);
        for (const job of c.jobs) {
          services.jobs.define(job.job, countFailures(job.job, (payload, jobCtx) => job.handler(payload, { ...jobCtx, deps, log: jobCtx.log }), services.metrics));
        }
        for (const h of c.eventHandlers) events.subscribe(id, h.event, (payload) => h.handler(payload, { deps, log: pluginLog }));
        for (const flow of c.flows) flows.set(flow.id, flow);
        routes.push(...mountRoutes(app, id, c.routes, mountDeps, deps));
        mountAssets(app, id, c.assets, mountDeps.routeOwners, deps);
        if (plugin.start) {
          const disposer = await plugin.start({
            deps,
            log: pluginLog,
            contributions: (ref) => {
              if (ownerOf(ref) !== id) throw new Error(`Plugin "${id}" may only read its own extension points, not "${ref.id}"`);
              return [...contributions.values()].flatMap((other) =>
                other.extensions.filter((e) => e.ref.id === ref.id).map((e) => ({ plugin: other.pluginId, value: e.value as never })),
              );
            },
          });
          if (disposer) disposers.push({ name: `plugin ${id}`, dispose: disposer });
        }
      }
      await services.jobs.start();
      disposers.push({ name: 'jobs', dispose: () => services.jobs.stop() });
      disposers.push({ name: 'flows', dispose: () => actors.forEach((a) => a.stop()) });
      await app.ready();

      const kernel = new Kernel(config, container, app, db, routes, order, log, core, services.mailer, services.blobs, metricsServer);
      kernel.disposers.push(...disposers);
      return kernel;
    } catch (error) {
      for (const d of disposers.reverse()) await Promise.resolve(d.dispose()).catch(() => undefined);
      // Connections opened before the failure (Redis, pub/sub) must not keep the process alive.
      await services.jobs.stop().catch(() => undefined);
      await services.pubsub.close().catch(() => undefined);
      throw error;
    }
  }

  resolve<T>(ref: ServiceRef<T>): T {
    return this.container.resolve<T>(ref.id);
  }

  /** Listens on PORT, and on METRICS_PORT when set; answers the app's address. */
  async listen(): Promise<string> {
    const address = await this.app.listen({ port: this.config.port, host: this.config.host });
    if (this.metricsServer) {
      const metricsAddress = await this.metricsServer.listen({ port: this.config.metricsPort, host: this.config.host });
      this.log.info({ address: metricsAddress }, 'metrics are served without a token on this address');
    }
    return address;
  }

  /** Reverse order of start; each step is attempted even when an earlier one fails. */
  async shutdown(): Promise<void> {
    const steps = this.disposers.splice(0).reverse();
    // HTTP stops first so no request meets a closed database.
    const http = steps.findIndex((s) => s.name === 'http');
    if (http > 0) steps.unshift(...steps.splice(http, 1));
    for (const step of steps) {
      try {
        await step.dispose();
      } catch (error) {
        this.log.error({ err: error, step: step.name }, 'shutdown step failed');
      }
    }
  }
}

function resolveDeps(container: DependencyContainer, deps: DepsMap, pluginId: string): never {
  const out: Record<string, unknown> = {};
  for (const [name, ref] of Object.entries(deps)) {
    if (!container.isRegistered(ref.id, true)) {
      throw new BootError(`Plugin "${pluginId}" needs service "${ref.id}", which is not available at its start`);
    }
    out[name] = container.resolve(ref.id);
  }
  return out as never;
}

function buildNodes(plugins: ServerPlugin<DepsMap>[], contributions: Map<string, PluginContributions>): PluginNode[] {
  const providers = new Map<string, string>();
  // A plugin's validated settings are a service it provides (to itself, mostly).
  for (const plugin of plugins) if (plugin.settings) providers.set(plugin.settings.id, plugin.id);
  for (const c of contributions.values()) {
    for (const s of c.services) {
      if (providers.has(s.ref.id)) throw new BootError(`Service "${s.ref.id}" is provided twice (by "${providers.get(s.ref.id)}" and "${c.pluginId}")`);
      providers.set(s.ref.id, c.pluginId);
    }
  }
  const providerOf = (ref: ServiceRef<unknown>, pluginId: string, why: string) => {
    const owner = ownerOf(ref);
    if (owner === 'core') return { id: 'core', why };
    const provider = providers.get(ref.id);
    if (!provider) {
      if (contributions.has(owner)) throw new BootError(`Plugin "${pluginId}" needs service "${ref.id}", but plugin "${owner}" does not provide it`);
      return { id: owner, why };
    }
    return { id: provider, why };
  };
  return plugins.map((plugin) => {
    const c = contributions.get(plugin.id)!;
    const needs = [
      ...(plugin.dependsOn ?? []).map((id) => ({ id, why: 'dependsOn' })),
      ...Object.values(plugin.deps ?? {}).map((ref) => providerOf(ref, plugin.id, `service ${ref.id}`)),
      ...c.services.flatMap((s) => Object.values(s.deps).map((ref) => providerOf(ref, plugin.id, `service ${ref.id}`))),
      ...c.extensions.map((e) => ({ id: ownerOf(e.ref), why: `extends ${e.ref.id}` })),
      ...c.eventHandlers
        .map((h) => ({ owner: ownerOf({ id: h.event.name }), key: h.event.key }))
        .filter((h) => h.owner !== 'core' && h.owner !== plugin.id)
        .map((h) => ({ id: h.owner, why: `listens to ${h.key}` })),
    ].filter((n) => n.id !== plugin.id);
    return { id: plugin.id, needs };
  });
}

/** Every plugin's hideable dashboard widgets, in boot order; a key declared twice stops the boot. */
function collectAppearanceWidgets(order: string[], contributions: Map<string, PluginContributions>): AppearanceWidget[] {
  const owners = new Map<string, string>();
  const widgets: AppearanceWidget[] = [];
  for (const id of order) {
    for (const widget of contributions.get(id)!.appearanceWidgets) {
      const owner = owners.get(widget.key);
      if (owner) throw new BootError(`The appearance widget "${widget.key}" is declared by both "${owner}" and "${id}"; keys must be unique`);
      owners.set(widget.key, id);
      widgets.push(widget);
    }
  }
  return widgets;
}

function validateExtensions(contributions: Map<string, PluginContributions>): void {
  const points = new Map<string, { owner: string; def: PluginContributions['extensionPoints'][number] }>();
  for (const c of contributions.values()) for (const def of c.extensionPoints) points.set(def.ref.id, { owner: c.pluginId, def });
  const filled = new Set<string>();
  // Per keyed extension point: contribution id → the plugin that contributed it.
  const idsByPoint = new Map<string, Map<string, string>>();
  for (const c of contributions.values()) {
    for (const ext of c.extensions) {
      const point = points.get(ext.ref.id);
      if (!point) throw new BootError(`Plugin "${c.pluginId}" extends "${ext.ref.id}", which plugin "${ownerOf(ext.ref)}" does not offer`);
      if (point.def.uniqueIds) {
        const contributionId = (ext.value as { id?: unknown } | null)?.id;
        if (typeof contributionId !== 'string' || contributionId === '') {
          throw new BootError(`Plugin "${c.pluginId}" made a contribution to "${ext.ref.id}" without an id; each contribution needs a unique "id"`);
        }
        const ids = idsByPoint.get(ext.ref.id) ?? new Map<string, string>();
        idsByPoint.set(ext.ref.id, ids);
        const first = ids.get(contributionId);
        if (first) {
          const who = first === c.pluginId ? `Plugin "${first}" contributes` : `Plugins "${first}" and "${c.pluginId}" both contribute`;
          throw new BootError(`${who} "${contributionId}" to "${ext.ref.id}" twice; ids must be unique: turn one of them off or rename it`);
        }
        ids.set(contributionId, c.pluginId);
      }
      try {
        point.def.validate?.(ext.value, c.pluginId);
      } catch (error) {
        throw new BootError(`Plugin "${c.pluginId}" made an invalid contribution to "${ext.ref.id}": ${(error as Error).message}`);
      }
      filled.add(ext.ref.id);
    }
  }
  for (const [id, point] of points) {
    if (point.def.required && !filled.has(id)) throw new BootError(`Extension point "${id}" of plugin "${point.owner}" needs at least one contribution, but no enabled plugin provides one`);
  }
}
