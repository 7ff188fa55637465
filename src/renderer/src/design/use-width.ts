import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

/** An element's width, followed as the window resizes (0 until it is laid out). */
export function useWidth(ref: RefObject<HTMLElement | SVGElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
