import { createContext, Fragment, useContext, type ComponentType, type ReactNode } from 'react';
import { HostContext } from './host-context.js';
import type { Permission } from '../shared/permissions.js';
import type { SlotRef } from '../shared/refs.js';
import type { AnySlotFill } from './plugin.js';

/** Everything the enabled plugins contributed to slots, provided by the host. */
export interface UiRegistryValue {
  fills: readonly AnySlotFill[];
}

export const UiRegistryContext = createContext<UiRegistryValue>({ fills: [] });

/**
 * The fills of a slot, sorted by order, minus those whose permission the user lacks
 * (outside a logged-in shell, `hasPermission` is null and permissioned fills are hidden).
 */
export function selectFills<F extends Pick<AnySlotFill, 'slot' | 'order' | 'permission'>>(
  fills: readonly F[],
  slot: { readonly id: string },
  hasPermission: ((permission: Permission) => boolean) | null,
): F[] {
  return fills
    .filter((fill) => fill.slot.id === slot.id)
    .filter((fill) => !fill.permission || (hasPermission ? hasPermission(fill.permission) : false))
    .sort((a, b) => a.order - b.order);
}

export function useSlotFills(slot: { readonly id: string }): AnySlotFill[] {
  const { fills } = useContext(UiRegistryContext);
  const host = useContext(HostContext);
  return selectFills(fills, slot, host ? host.hasPermission : null);
}

export interface SlotProps<P extends object> {
  slot: SlotRef<P>;
  props: P;
  /** Rendered when no plugin fills the slot. */
  fallback?: ReactNode;
}

/** Renders every fill contributed to `slot`, passing `props` to each. */
export function Slot<P extends object>({ slot, props, fallback = null }: SlotProps<P>) {
  const fills = useSlotFills(slot);
  if (fills.length === 0) return <>{fallback}</>;
  return (
    <>
      {fills.map((fill) => {
        // fillSlot checked the component against the slot's props when the fill was declared.
        const Component = fill.component as unknown as ComponentType<P>;
        return (
          <Fragment key={`${fill.slot.id}:${fill.id}`}>
            <Component {...props} />
          </Fragment>
        );
      })}
    </>
  );
}
