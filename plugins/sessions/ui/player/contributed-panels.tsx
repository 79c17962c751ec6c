import { useMemo, type ComponentType } from 'react';
import { useAppearanceFlag, useSlotFills, type AnySlotFill } from '@cassette/plugin-sdk/ui';
import { sessionsSlots, type PlayerPanelSlotProps } from '../../api.js';
import { PLAYER_PANELS } from './panels/index.js';
import type { PanelProps, PlayerPanel } from './panels/panel-types.js';

/** A contributed fill as a bottom panel: it gets the player's panel props plus the project. */
export function contributedPanel(fill: AnySlotFill, projectId: number): PlayerPanel {
  // fillSlot checked the component against the slot's props when the fill was declared.
  const Fill = fill.component as unknown as ComponentType<PlayerPanelSlotProps>;
  function ContributedPanel(props: PanelProps) {
    return <Fill {...props} projectId={projectId} />;
  }
  return {
    id: fill.id,
    label: fill.label ?? fill.id,
    // The host already left out fills whose permission the viewer lacks; this keeps the guard if one slips in.
    needsDevTools: fill.permission === 'DEV_TOOLS',
    component: ContributedPanel,
  };
}

/**
 * The player's own panels, then those other plugins put in `sessionsSlots.playerPanels`; the
 * developer ones (console, network, performance, backend logs) only while the member's
 * appearance shows developer tools (spec part 2 §6: a preference; DEV_TOOLS is still the guard).
 */
export function usePlayerPanels(projectId: number): readonly PlayerPanel[] {
  const fills = useSlotFills(sessionsSlots.playerPanels);
  const devtoolsShown = useAppearanceFlag('sessionsDevtools');
  // A panel's component must keep its identity across renders, or the open panel remounts 4 times a second.
  const fillIds = fills.map((f) => f.id).join('\n');
  return useMemo(() => {
    const panels = fills.length === 0 ? PLAYER_PANELS : [...PLAYER_PANELS, ...fills.map((fill) => contributedPanel(fill, projectId))];
    return devtoolsShown ? panels : panels.filter((panel) => !panel.needsDevTools);
  }, [fillIds, projectId, devtoolsShown]);
}
