import { Fragment, Suspense, useCallback, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useSlotFills, type AnySlotFill } from '@cassette/plugin-sdk/ui';
import { sessionsSlots, type ContributedTimelineMarker, type PlayerTimelineMarkersProps } from '../../api.js';
import type { Session } from '../../shared/session.js';
import type { TimelineMarker } from './timeline-markers.js';

type MarkersByFill = Readonly<Record<string, readonly ContributedTimelineMarker[]>>;

/** The fills' markers as the timeline draws them, titled with their fill's label. */
export function toTimelineMarkers(fills: readonly Pick<AnySlotFill, 'id' | 'label'>[], byFill: MarkersByFill): TimelineMarker[] {
  // Only the fills still offered: one dropped (a permission gone) takes its markers with it.
  return fills.flatMap((fill) =>
    (byFill[fill.id] ?? []).map((marker) => ({
      key: `x:${fill.id}:${marker.key}`,
      type: 'contributed' as const,
      time: marker.time,
      label: marker.label,
      contributed: { title: fill.label ?? fill.id, level: marker.level },
    })),
  );
}

export interface ContributedMarkers {
  markers: readonly TimelineMarker[];
  /** The fills, drawing nothing themselves: render it anywhere inside the player. */
  sources: ReactNode;
}

/** Markers other plugins put in `sessionsSlots.playerTimelineMarkers` for this session. */
export function useContributedMarkers(projectId: number, session: Session | null): ContributedMarkers {
  const fills = useSlotFills(sessionsSlots.playerTimelineMarkers);
  const [byFill, setByFill] = useState<MarkersByFill>({});
  // One stable callback per fill, so a fill's effects do not rerun on every player tick.
  const callbacks = useRef(new Map<string, (markers: readonly ContributedTimelineMarker[]) => void>());
  const showMarkersOf = useCallback((fillId: string) => {
    let show = callbacks.current.get(fillId);
    if (!show) {
      show = (markers) => setByFill((current) => ({ ...current, [fillId]: markers }));
      callbacks.current.set(fillId, show);
    }
    return show;
  }, []);

  const fillIds = fills.map((f) => f.id).join('\n');
  const markers = useMemo(() => toTimelineMarkers(fills, byFill), [fillIds, byFill]);
  const sources = session
    ? fills.map((fill) => {
        // fillSlot checked the component against the slot's props when the fill was declared.
        const Source = fill.component as unknown as ComponentType<PlayerTimelineMarkersProps>;
        return (
          <Fragment key={fill.id}>
            <Suspense fallback={null}>
              <Source projectId={projectId} session={session} showMarkers={showMarkersOf(fill.id)} />
            </Suspense>
          </Fragment>
        );
      })
    : null;
  return { markers, sources };
}
