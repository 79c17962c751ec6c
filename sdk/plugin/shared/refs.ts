/**
 * Typed references. A ref carries its value type at compile time only, so plugins
 * share a name and a type without sharing an implementation.
 */
const ID_PATTERN = /^[a-z][a-zA-Z0-9]*\.[a-zA-Z][a-zA-Z0-9.]*$/;

function checkId(kind: string, id: string): void {
  if (!ID_PATTERN.test(id)) {
    throw new Error(`${kind} id "${id}" must look like "<pluginId>.<name>"`);
  }
}

export interface ServiceRef<T> {
  readonly kind: 'service';
  readonly id: string;
  /** Phantom field: never set, only carries T. */
  readonly T?: T;
}

export function createServiceRef<T>(id: string): ServiceRef<T> {
  checkId('Service', id);
  return Object.freeze({ kind: 'service', id }) as ServiceRef<T>;
}

/**
 * An extension point is owned by one plugin; others contribute values of type T.
 * The owner validates contributions and reads them at start.
 */
export interface ExtensionPointRef<T> {
  readonly kind: 'extensionPoint';
  readonly id: string;
  readonly T?: T;
}

export function createExtensionPoint<T>(id: string): ExtensionPointRef<T> {
  checkId('Extension point', id);
  return Object.freeze({ kind: 'extensionPoint', id }) as ExtensionPointRef<T>;
}

/** The plugin id part of a ref id ("sessions.search" → "sessions"). */
export function ownerOf(ref: { id: string }): string {
  return ref.id.slice(0, ref.id.indexOf('.'));
}

/**
 * A place in one plugin's UI (or the host's) that other plugins fill with components.
 * `P` is what the slot passes to each fill, so a fill whose component wants other props
 * does not type-check. Safe to declare in `api.ts`: it holds no React.
 */
export interface SlotRef<P extends object> {
  readonly kind: 'slot';
  readonly id: string;
  /** Phantom field: never set, only carries P. */
  readonly P?: P;
}

export function createSlot<P extends object = Record<never, never>>(id: string): SlotRef<P> {
  checkId('Slot', id);
  return Object.freeze({ kind: 'slot', id }) as SlotRef<P>;
}
