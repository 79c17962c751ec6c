import type { TSchema } from '@sinclair/typebox';
import type {
  ExtensionPointDef,
  FlowDef,
  JobDef,
  JobHandler,
  Migration,
  PluginRegistrar,
  RouteDef,
  RouteSchema,
  ServiceFactory,
  DepsMap,
  EventDef,
  EventPayload,
  ExtensionPointRef,
} from '@cassette/plugin-sdk/server';
import type { EntityDefinition } from '../database/create-database.js';
import { BootError } from './plugin-graph.js';

/** Everything one plugin declared in `register`. */
export interface PluginContributions {
  pluginId: string;
  entities: EntityDefinition[];
  migrations: Migration[];
  routes: RouteDef[];
  jobs: { job: JobDef; handler: JobHandler<TSchema> }[];
  eventHandlers: { event: EventDef; handler: (payload: unknown) => Promise<void> }[];
  flows: FlowDef[];
  services: ServiceFactory<unknown, DepsMap>[];
  extensionPoints: ExtensionPointDef<unknown>[];
  extensions: { ref: ExtensionPointRef<unknown>; value: unknown }[];
}

export function collectContributions(pluginId: string, register: (registrar: PluginRegistrar) => void): PluginContributions {
  const c: PluginContributions = {
    pluginId,
    entities: [],
    migrations: [],
    routes: [],
    jobs: [],
    eventHandlers: [],
    flows: [],
    services: [],
    extensionPoints: [],
    extensions: [],
  };
  const ownId = (kind: string, id: string) => {
    if (!id.startsWith(`${pluginId}.`)) throw new BootError(`Plugin "${pluginId}" declares ${kind} "${id}"; its id must start with "${pluginId}."`);
  };
  let open = true;
  const guard = () => {
    if (!open) throw new BootError(`Plugin "${pluginId}" called its registrar after register() returned; declare everything in register()`);
  };
  const registrar: PluginRegistrar = {
    pluginId,
    entities: (...entities) => (guard(), c.entities.push(...(entities as EntityDefinition[]))),
    migrations: (...migrations) => (guard(), c.migrations.push(...migrations)),
    route: <S extends RouteSchema>(route: RouteDef<S>) => {
      guard();
      c.routes.push(route as unknown as RouteDef);
    },
    job: <S extends TSchema>(job: JobDef<S>, handler: JobHandler<S>) => {
      guard();
      ownId('job', job.name);
      c.jobs.push({ job, handler: handler as unknown as JobHandler<TSchema> });
    },
    on: <E extends EventDef>(event: E, handler: (payload: EventPayload<E>) => Promise<void>) => {
      guard();
      c.eventHandlers.push({ event, handler: handler as (payload: unknown) => Promise<void> });
    },
    flow: (flow) => {
      guard();
      ownId('flow', flow.id);
      c.flows.push(flow);
    },
    provide: (factory) => {
      guard();
      ownId('service', factory.ref.id);
      c.services.push(factory as unknown as ServiceFactory<unknown, DepsMap>);
    },
    extensionPoint: (def) => {
      guard();
      ownId('extension point', def.ref.id);
      c.extensionPoints.push(def as ExtensionPointDef<unknown>);
    },
    extend: (ref, value) => {
      guard();
      c.extensions.push({ ref: ref as ExtensionPointRef<unknown>, value });
    },
  };
  register(registrar);
  open = false;
  return c;
}
