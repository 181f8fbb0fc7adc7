import { type RefObject, useEffect } from "react";

/** Closes a popup on Escape or on a click outside `container`. */
export function useDismiss(
  container: RefObject<HTMLElement | null>,
  open: boolean,
  close: (returnFocus: boolean) => void,
): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        close(true);
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!container.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [container, open, close]);
}
