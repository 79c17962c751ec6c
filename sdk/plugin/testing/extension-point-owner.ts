import { definePlugin, type DepsMap, type ExtensionPointDef, type ServerPlugin } from '../server/plugin.js';
import { ownerOf, type ExtensionPointRef } from '../shared/refs.js';

/**
 * A stand-in for the plugin that owns an extension point, for a contribution's boot test: it
 * offers the point under the owner's id (with unique contribution ids, as owners of keyed
 * points do) and keeps what the kernel handed it at start, so the test sees the contribution
 * accepted without booting the owner's routes, tables and jobs.
 */
export interface ExtensionPointOwnerStandIn<T> {
  plugin: ServerPlugin<DepsMap>;
  /** The contributions the kernel handed the owner when it started, by contributing plugin. */
  contributions(): { plugin: string; value: T }[];
}

export function extensionPointOwnerStandIn<T>(ref: ExtensionPointRef<T>, options: { uniqueIds?: boolean } = {}): ExtensionPointOwnerStandIn<T> {
  let seen: { plugin: string; value: T }[] = [];
  const plugin = definePlugin({
    id: ownerOf(ref),
    register(r) {
      // The def's `uniqueIds` is typed for contributions known to carry an id; this T is open.
      r.extensionPoint<T>({ ref, uniqueIds: options.uniqueIds ?? true } as unknown as ExtensionPointDef<T>);
    },
    start(ctx) {
      seen = ctx.contributions(ref);
    },
  });
  return { plugin: plugin as ServerPlugin<DepsMap>, contributions: () => seen };
}
