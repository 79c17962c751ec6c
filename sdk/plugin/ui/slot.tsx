import { createContext, Fragment, useContext, type ComponentType, type ReactNode } from 'react';
import { HostContext } from './host-context.js';
import { appearanceFlagOn, type AppearanceFlag } from '../shared/appearance.js';
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
 * (outside a logged-in shell, `hasPermission` is null and permissioned fills are hidden) and
 * those whose appearance flag the member turned off (`shows` left out: every flag is on).
 */
export function selectFills<F extends Pick<AnySlotFill, 'slot' | 'order' | 'permission' | 'appearance'>>(
  fills: readonly F[],
  slot: { readonly id: string },
  hasPermission: ((permission: Permission) => boolean) | null,
  shows: (flag: AppearanceFlag) => boolean = () => true,
): F[] {
  return fills
    .filter((fill) => fill.slot.id === slot.id)
    .filter((fill) => !fill.permission || (hasPermission ? hasPermission(fill.permission) : false))
    .filter((fill) => !fill.appearance || shows(fill.appearance))
    .sort((a, b) => a.order - b.order);
}

export function useSlotFills(slot: { readonly id: string }): AnySlotFill[] {
  const { fills } = useContext(UiRegistryContext);
  const host = useContext(HostContext);
  const appearance = host?.account.appearance;
  return selectFills(fills, slot, host ? host.hasPermission : null, (flag) => appearanceFlagOn(appearance, flag));
}

/** Whether the member's appearance shows what `flag` governs (on outside a logged-in shell). */
export function useAppearanceFlag(flag: AppearanceFlag): boolean {
  const host = useContext(HostContext);
  return appearanceFlagOn(host?.account.appearance, flag);
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
