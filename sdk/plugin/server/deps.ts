import type { ServiceRef } from '../shared/refs.js';

/** The services a plugin (or a service factory) asks the kernel for, by name. */
export type DepsMap = Record<string, ServiceRef<unknown>>;
/** Those services as the kernel hands them over. */
export type ResolvedDeps<D extends DepsMap> = { [K in keyof D]: D[K] extends ServiceRef<infer T> ? T : never };
/** What a route or handler that uses no services declares. */
export type NoDeps = Record<never, never>;
