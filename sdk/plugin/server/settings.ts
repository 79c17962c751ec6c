import type { Static, TObject } from '@sinclair/typebox';
import { createServiceRef, type ServiceRef } from '../shared/refs.js';

/**
 * A plugin's settings (`plugins.<id>.settings` in `config/cassette.json`): a TypeBox object
 * schema whose `default`s fill what the file leaves out. The kernel validates the file at boot
 * and refuses to start with a message naming the plugin, the key and what is wrong; the
 * validated value is then a service the plugin lists in its `deps`, so `start`, routes, jobs
 * and event handlers all read the same typed settings.
 */
export interface SettingsRef<S extends TObject = TObject> extends ServiceRef<Readonly<Static<S>>> {
  readonly schema: S;
}

export function defineSettings<S extends TObject>(pluginId: string, schema: S): SettingsRef<S> {
  const ref = createServiceRef<Readonly<Static<S>>>(`${pluginId}.settings`);
  return Object.freeze({ ...ref, schema });
}
