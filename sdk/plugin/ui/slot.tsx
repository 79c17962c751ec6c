import { createContext, Fragment, useContext, type ComponentType, type ReactNode } from 'react';
import { HostContext } from './host-context.js';
import type { Permission } from '../shared/permissions.js';
import type { SlotFill } from './plugin.js';

/** Everything the enabled plugins contributed to slots, provided by the host. */
export interface UiRegistryValue {
  fills: readonly SlotFill<never>[];
}

export const UiRegistryContext = createContext<UiRegistryValue>({ fills: [] });

/**
 * The fills for a slot name, sorted by order, minus those whose permission the user lacks
 * (outside a logged-in shell, `hasPermission` is null and permissioned fills are hidden).
 */
export function selectFills<F extends Pick<SlotFill<never>, 'slot' | 'order' | 'permission'>>(
  fills: readonly F[],
  name: string,
  hasPermission: ((permission: Permission) => boolean) | null,
): F[] {
  return fills
    .filter((fill) => fill.slot === name)
    .filter((fill) => !fill.permission || (hasPermission ? hasPermission(fill.permission) : false))
    .sort((a, b) => a.order - b.order);
}

export function useSlotFills(name: string): SlotFill<never>[] {
  const { fills } = useContext(UiRegistryContext);
  const host = useContext(HostContext);
  return selectFills(fills, name, host ? host.hasPermission : null);
}

export interface SlotProps<P extends object> {
  name: string;
  props?: P;
  /** Rendered when no plugin fills the slot. */
  fallback?: ReactNode;
}

/** Renders every fill contributed to `name`, passing `props` to each. */
export function Slot<P extends object = Record<string, unknown>>({ name, props, fallback = null }: SlotProps<P>) {
  const fills = useSlotFills(name);
  if (fills.length === 0) return <>{fallback}</>;
  return (
    <>
      {fills.map((fill) => {
        const Component = fill.component as unknown as ComponentType<P>;
        return (
          <Fragment key={`${fill.slot}:${fill.id}`}>
            <Component {...((props ?? {}) as P)} />
          </Fragment>
        );
      })}
    </>
  );
}
