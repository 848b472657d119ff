'use client';

import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import type { DragBindings } from './drag-bindings';

/** A ranking only moves along the list; sideways drift while dragging would only look broken. */
const lockToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export type SortableListProps = {
  id: string;
  /** dnd-kit ids: strings, because it treats the number 0 as "no id". */
  itemIds: string[];
  disabled: boolean;
  instructions: string;
  announcements: Announcements;
  onMove: (from: UniqueIdentifier, to: UniqueIdentifier) => void;
  /** The list element itself, around the rows. */
  list: (rows: ReactNode) => ReactNode;
  row: (id: string, drag: DragBindings) => ReactNode;
};

function SortableRow({ id, disabled, row }: { id: string; disabled: boolean; row: SortableListProps['row'] }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  return row(id, {
    setNodeRef,
    setActivatorNodeRef,
    // dnd-kit's role description is the English word "sortable"; a native button reads better untranslated.
    handle: { ...attributes, ...listeners, 'aria-roledescription': undefined },
    style: { transform: CSS.Translate.toString(transform), transition },
    isDragging,
  });
}

/**
 * The ranking's drag and drop (pointer, touch with a long press, and keyboard: Space, arrows, Space), in a chunk of
 * its own: the ranking answers its move buttons before this has arrived.
 */
export function SortableList({
  id,
  itemIds,
  disabled,
  instructions,
  announcements,
  onMove,
  list,
  row,
}: SortableListProps) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // A long press on touch screens, so a swipe over the list still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(active.id, over.id);
  };
  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[lockToVerticalAxis]}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
      onDragEnd={handleDragEnd}
    >
      <SortableContext items={itemIds} strategy={verticalListSortingStrategy}>
        {list(itemIds.map((itemId) => <SortableRow key={itemId} id={itemId} disabled={disabled} row={row} />))}
      </SortableContext>
    </DndContext>
  );
}
