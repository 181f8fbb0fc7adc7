import { type KeyboardEvent, useCallback, useLayoutEffect, useRef, useState } from "react";
import { useDismiss } from "./use-dismiss.ts";

export interface ContextMenuItem {
  label: string;
  onSelect: () => void;
  /** Set: the item shows but does nothing, and says why on hover and to screen readers. */
  disabledReason?: string;
}

/** Where a context menu opens: the pointer, or the element it is for (keyboard). */
export function menuPoint(e: { clientX: number; clientY: number; currentTarget: Element }): {
  x: number;
  y: number;
} {
  // A menu opened by the keyboard has no pointer position.
  if (e.clientX !== 0 || e.clientY !== 0) return { x: e.clientX, y: e.clientY };
  const r = e.currentTarget.getBoundingClientRect();
  return { x: r.left + 24, y: r.bottom };
}

/**
 * A context menu (WAI-ARIA menu) at a point of the window: it takes focus on
 * its first item; arrows, Home and End move; Enter selects; Escape closes
 * and gives focus back (the owner's `onClose(true)`), as do Tab and
 * choosing an item; a click elsewhere just closes (docs/console-scale.md).
 */
export function ContextMenu({
  label,
  at,
  items,
  onClose,
}: {
  label: string;
  at: { x: number; y: number };
  items: ContextMenuItem[];
  onClose: (returnFocus: boolean) => void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState(at);
  const close = useCallback((returnFocus: boolean) => onClose(returnFocus), [onClose]);
  useDismiss(menu, true, close);

  // Kept inside the window, then focus on the first item.
  useLayoutEffect(() => {
    const el = menu.current;
    if (!el) return;
    const { width, height } = el.getBoundingClientRect();
    setPlace({
      x: Math.max(4, Math.min(at.x, window.innerWidth - width - 4)),
      y: Math.max(4, Math.min(at.y, window.innerHeight - height - 4)),
    });
    el.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [at]);

  function onKey(e: KeyboardEvent<HTMLDivElement>) {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const now = entries.indexOf(document.activeElement as HTMLElement);
    const move = { ArrowDown: 1, ArrowUp: -1 }[e.key];
    if (move !== undefined) {
      e.preventDefault();
      entries[(now + move + entries.length) % entries.length]?.focus();
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      entries[e.key === "Home" ? 0 : entries.length - 1]?.focus();
    } else if (e.key === "Tab") {
      e.preventDefault();
      close(true);
    }
  }

  return (
    <div
      ref={menu}
      className="popup menu context-menu"
      role="menu"
      aria-label={label}
      style={{ left: place.x, top: place.y }}
      onKeyDown={onKey}
      onContextMenu={(e) => e.preventDefault()}
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="menu-item"
          aria-disabled={item.disabledReason ? true : undefined}
          aria-description={item.disabledReason}
          title={item.disabledReason}
          onClick={() => {
            if (item.disabledReason) return;
            close(true);
            item.onSelect();
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
