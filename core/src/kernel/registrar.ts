import type {
  ExtensionPointDef,
  FlowDef,
  HandlerContext,
  JobContext,
  JobDef,
  Migration,
  PluginRegistrar,
  AnyAssetDef,
  AnyRouteDef,
  ServiceFactory,
  DepsMap,
  EventDef,
  ExtensionPointRef,
  AppearanceWidget,
} from '@cassette/plugin-sdk/server';
import type { EntityDefinition } from '../database/create-database.js';
import { BootError } from '../boot-error.js';

/** Everything one plugin declared in `register`. */
export interface PluginContributions {
  pluginId: string;
  entities: EntityDefinition[];
  migrations: Migration[];
  routes: AnyRouteDef[];
  assets: AnyAssetDef[];
  jobs: { job: JobDef; handler: (payload: unknown, ctx: JobContext & HandlerContext<DepsMap>) => Promise<void> }[];
  eventHandlers: { event: EventDef; handler: (payload: unknown, ctx: HandlerContext<DepsMap>) => Promise<void> }[];
  flows: FlowDef[];
  services: ServiceFactory<unknown, DepsMap>[];
  extensionPoints: (ExtensionPointDef<unknown> & { uniqueIds?: boolean })[];
  extensions: { ref: ExtensionPointRef<unknown>; value: unknown }[];
  appearanceWidgets: AppearanceWidget[];
}

/** `settings` is the plugin's validated settings (undefined when it declares none). */
export function collectContributions(
  pluginId: string,
  register: (registrar: PluginRegistrar<DepsMap>) => void,
  settings?: Readonly<Record<string, unknown>>,
): PluginContributions {
  const c: PluginContributions = {
    pluginId,
    entities: [],
    migrations: [],
    routes: [],
    assets: [],
    jobs: [],
    eventHandlers: [],
    flows: [],
    services: [],
    extensionPoints: [],
    extensions: [],
    appearanceWidgets: [],
  };
  const ownId = (kind: string, id: string) => {
    if (!id.startsWith(`${pluginId}.`)) throw new BootError(`Plugin "${pluginId}" declares ${kind} "${id}"; its id must start with "${pluginId}."`);
  };
  let open = true;
  const guard = () => {
    if (!open) throw new BootError(`Plugin "${pluginId}" called its registrar after register() returned; declare everything in register()`);
  };
  const registrar: PluginRegistrar<DepsMap> = {
    pluginId,
    entities: (...entities) => (guard(), c.entities.push(...(entities as EntityDefinition[]))),
    migrations: (...migrations) => (guard(), c.migrations.push(...migrations)),
    route: (route) => {
      guard();
      c.routes.push(route as unknown as AnyRouteDef);
    },
    asset: (asset) => {
      guard();
      if (!asset.url.startsWith('/') || /^\/api(\/|$)/.test(asset.url)) {
        throw new BootError(`Plugin "${pluginId}" declares asset "${asset.url}"; assets live at absolute paths outside /api`);
      }
      c.assets.push(asset);
    },
    job: (job, handler) => {
      guard();
      ownId('job', job.name);
      c.jobs.push({ job, handler: handler as PluginContributions['jobs'][number]['handler'] });
    },
    on: (event, handler) => {
      guard();
      c.eventHandlers.push({ event, handler: handler as PluginContributions['eventHandlers'][number]['handler'] });
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
      c.extensionPoints.push(def as PluginContributions['extensionPoints'][number]);
    },
    extend: (ref, value) => {
      guard();
      c.extensions.push({ ref: ref as ExtensionPointRef<unknown>, value });
    },
    appearanceWidgets: (widgets) => {
      guard();
      for (const widget of widgets) {
        if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(widget.key)) {
          throw new BootError(`Plugin "${pluginId}" declares the appearance widget "${widget.key}"; a key is letters, digits and _ (64 at most), starting with a letter`);
        }
        c.appearanceWidgets.push({ ...widget, offIn: [...widget.offIn] });
      }
    },
    settings: (ref) => {
      guard();
      if (ref.id !== `${pluginId}.settings`) throw new BootError(`Plugin "${pluginId}" asked for the settings "${ref.id}"; a plugin reads only its own`);
      if (!settings) throw new BootError(`Plugin "${pluginId}" reads its settings in register() but declares none: set \`settings\` in definePlugin()`);
      return settings as never;
    },
  };
  register(registrar);
  open = false;
  return c;
}
