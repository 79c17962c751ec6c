import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GRID_COLUMNS } from '../constants.js';
import type { Widget } from '../wire.js';
import { colSpanOf } from './dashboard-order.js';
import { WidgetCard, type WidgetCardProps } from './widget-card.js';

export interface DashboardGridProps extends Omit<WidgetCardProps, 'widget' | 'handleProps' | 'hiddenByAppearance'> {
  widgets: Widget[];
  /** Widgets the member's appearance hides, shown because they asked: their cards say so. */
  hiddenIds?: ReadonlySet<number>;
  /** One widget dropped on another: their positions swap. */
  onSwap(fromWidgetId: number, toWidgetId: number): void;
}

/** The widgets in a 4-column grid, each spanning its column count; dragged by the handle (mouse, touch or keyboard). */
export function DashboardGrid({ widgets, onSwap, hiddenIds, ...card }: DashboardGridProps) {
  // A few pixels of travel before a drag starts, so clicks on the card still open it.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onSwap(Number(active.id), Number(over.id));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={widgets.map((w) => w.widgetId)} strategy={rectSortingStrategy}>
        <div className="cs-dashboard-grid" data-testid="dashboard-grid" style={{ gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))` }}>
          {widgets.map((widget) => (
            <SortableWidget key={widget.widgetId} widget={widget} card={{ ...card, hiddenByAppearance: hiddenIds?.has(widget.widgetId) ?? false }} />
          ))}
        </div>
      </SortableContext>
    </DndContext>
  );
}

function SortableWidget({ widget, card }: { widget: Widget; card: Omit<WidgetCardProps, 'widget' | 'handleProps'> }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: widget.widgetId });
  return (
    <div
      ref={setNodeRef}
      className={['cs-dashboard-grid__cell', isDragging ? 'is-dragging' : ''].filter(Boolean).join(' ')}
      style={{ gridColumn: `span ${Math.min(GRID_COLUMNS, colSpanOf(widget))}`, transform: CSS.Translate.toString(transform), transition }}
    >
      <WidgetCard {...card} widget={widget} handleProps={{ ...attributes, ...listeners }} />
    </div>
  );
}
