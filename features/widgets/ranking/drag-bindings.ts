import type { CSSProperties, HTMLAttributes } from 'react';

/** What the drag and drop lends a ranking row once it has loaded (sortable-list.tsx); nothing before. */
export type DragBindings = {
  setNodeRef: (node: HTMLElement | null) => void;
  setActivatorNodeRef: (node: HTMLElement | null) => void;
  handle: HTMLAttributes<HTMLElement>;
  style: CSSProperties;
  isDragging: boolean;
};
