import type { EntitySchema } from '@mikro-orm/core';

// Loose on purpose: defineEntity() schemas are typed per entity and do not unify.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EntityDefinition = EntitySchema<any> | (new (...args: never[]) => object) | { readonly meta: unknown };
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { AnyStateMachine } from 'xstate';
import type { AppearanceWidget } from '../shared/appearance.js';
import type { EventDef, EventPayload } from '../shared/events.js';
import type { ExtensionPointRef, ServiceRef } from '../shared/refs.js';
import type { DepsMap, ResolvedDeps } from './deps.js';
import type { AssetDef, RouteAccess, RouteDef, RouteSchema } from './routes.js';
import type { JobContext, JobDef, Logger } from './services.js';
import type { SettingsRef } from './settings.js';

/** A schema migration owned by one plugin; `id`s sort in the order they apply. */
export interface Migration {
  id: string;
  /** Statements run in order inside one transaction (Postgres 15 SQL). */
  up: string[];
}

export type Disposable = () => void | Promise<void>;

export type { DepsMap, ResolvedDeps, NoDeps } from './deps.js';

export interface ServiceFactory<T, D extends DepsMap> {
  ref: ServiceRef<T>;
  deps: D;
  create(deps: ResolvedDeps<D>): T | Promise<T>;
}

interface ExtensionPointBase<T> {
  ref: ExtensionPointRef<T>;
  /** Throw with a readable message to refuse a contribution at boot. */
  validate?(contribution: T, fromPlugin: string): void;
  /** When true the boot fails unless some plugin contributes. */
  required?: boolean;
}

/**
 * An extension point. When contributions carry an `id` (channels, log sources, ticket
 * providers), `uniqueIds: true` makes the kernel refuse a second contribution with the same
 * id at boot, naming both plugins.
 */
export type ExtensionPointDef<T> = ExtensionPointBase<T> & (T extends { id: string } ? { uniqueIds?: boolean } : { uniqueIds?: never });

export interface FlowDef {
  /** `<pluginId>.<name>` */
  id: string;
  machine: AnyStateMachine;
}

/** What event and job handlers receive besides their payload: the plugin's resolved deps. */
export interface HandlerContext<D extends DepsMap> {
  deps: ResolvedDeps<D>;
  log: Logger;
}

/** The declarative half of a plugin: what it contributes. No side effects here. */
export interface PluginRegistrar<D extends DepsMap = DepsMap> {
  readonly pluginId: string;
  /** MikroORM entities: `defineEntity(...)` schemas (preferred) or classes. */
  entities(...entities: EntityDefinition[]): void;
  migrations(...migrations: Migration[]): void;
  /** A route whose handler may use any of the plugin's `deps` (see `routeFor`). */
  route<S extends RouteSchema, A extends RouteAccess>(route: RouteDef<S, D, A>): void;
  /** A public file outside `/api` (the tracker script, a demo page); its `load` may use the plugin's `deps` (see `assetFor`). */
  asset(asset: AssetDef<D>): void;
  job<S extends TSchema>(job: JobDef<S>, handler: (payload: Static<S>, ctx: JobContext & HandlerContext<D>) => Promise<void>): void;
  on<E extends EventDef>(event: E, handler: (payload: EventPayload<E>, ctx: HandlerContext<D>) => Promise<void>): void;
  flow(flow: FlowDef): void;
  provide<T, D extends DepsMap>(factory: ServiceFactory<T, D>): void;
  extensionPoint<T>(def: ExtensionPointDef<T>): void;
  extend<T>(ref: ExtensionPointRef<T>, contribution: T): void;
  /**
   * Dashboard widgets members may hide in their appearance (`appearance.dashboard.<key>`,
   * spec part 2 §6), with the presets each starts off in. Keys are unique across plugins.
   */
  appearanceWidgets(widgets: readonly AppearanceWidget[]): void;
  /**
   * This plugin's own settings (its `settings` ref), validated with defaults filled, for what
   * is declared from them: a contribution built for the operator's endpoint of a tool.
   */
  settings<S extends TObject>(ref: SettingsRef<S>): Readonly<Static<S>>;
}

export interface StartContext<D extends DepsMap> {
  deps: ResolvedDeps<D>;
  log: Logger;
  /** Contributions other plugins made to an extension point this plugin owns. */
  contributions<T>(ref: ExtensionPointRef<T>): { plugin: string; value: T }[];
}

export interface ServerPlugin<D extends DepsMap = DepsMap> {
  id: string;
  /** Plugins that must boot first (by id), beyond those implied by `deps`. */
  dependsOn?: string[];
  /** Service refs the plugin's start, routes and handlers need. */
  deps?: D;
  /**
   * The schema of this plugin's settings (`defineSettings(id, Type.Object(...))`). Without it,
   * the plugin takes no settings and the kernel refuses any in the config file.
   */
  settings?: SettingsRef;
  register(registrar: PluginRegistrar<D>): void;
  /** Side effects go here; return what must be disposed at shutdown. */
  start?(ctx: StartContext<D>): Promise<Disposable | void> | Disposable | void;
}

export function definePlugin<D extends DepsMap = Record<string, never>>(plugin: ServerPlugin<D>): ServerPlugin<D> {
  if (!/^[a-z][a-zA-Z0-9]*$/.test(plugin.id)) {
    throw new Error(`Plugin id "${plugin.id}" must be lowerCamelCase letters and digits`);
  }
  if (plugin.settings && plugin.settings.id !== `${plugin.id}.settings`) {
    throw new Error(`Plugin "${plugin.id}" declares settings "${plugin.settings.id}"; use defineSettings('${plugin.id}', ...)`);
  }
  return plugin;
}
