import { useRef } from 'react';
import type { DragEvent } from 'react';

const JOB_TYPE = 'application/x-trove-job';

/**
 * Drag a row onto another to put it in that place (the buttons Move to top, up, down and
 * bottom do the same from the keyboard). `move` gets the job id and its new queue index.
 */
export function useDragToReorder(move: (id: number, toIndex: number) => void) {
  const dragged = useRef<number | undefined>(undefined);
  return {
    source: (id: number) => ({
      draggable: true,
      onDragStart: (event: DragEvent) => {
        dragged.current = id;
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData(JOB_TYPE, String(id));
      },
      onDragEnd: () => {
        dragged.current = undefined;
      },
    }),
    target: (index: number) => ({
      onDragOver: (event: DragEvent) => {
        if (dragged.current === undefined) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
      },
      onDrop: (event: DragEvent) => {
        const id = dragged.current ?? Number(event.dataTransfer.getData(JOB_TYPE));
        dragged.current = undefined;
        if (!Number.isInteger(id)) return;
        event.preventDefault();
        move(id, index);
      },
    }),
  };
}
