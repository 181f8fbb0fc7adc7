import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useDismiss } from "./use-dismiss.ts";

export interface MenuItem {
  label: string;
  onSelect: () => void;
}

/**
 * A button opening a menu (WAI-ARIA menu button): arrow keys move between
 * items, Enter selects, Escape closes and returns focus to the button.
 */
export function MenuButton({
  label,
  children,
  heading,
  items,
}: {
  /** Accessible name of the button. */
  label: string;
  /** What the button shows. */
  children: ReactNode;
  /** Non-interactive text at the top of the menu. */
  heading?: ReactNode;
  items: MenuItem[];
}) {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);
  useDismiss(container, open, close);

  useEffect(() => {
    if (open) container.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  function onMenuKey(e: KeyboardEvent<HTMLDivElement>) {
    const entries = [
      ...(container.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
    ];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const move = { ArrowDown: 1, ArrowUp: -1 }[e.key];
    if (move !== undefined) {
      e.preventDefault();
      entries[(at + move + entries.length) % entries.length]?.focus();
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      entries[e.key === "Home" ? 0 : entries.length - 1]?.focus();
    } else if (e.key === "Tab") {
      setOpen(false);
    }
  }

  return (
    <div className="menu-button" ref={container}>
      <button
        ref={button}
        type="button"
        className="button button-ghost"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children}
      </button>
      {open ? (
        <div
          className="popup menu"
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
        >
          {heading ? <div className="menu-heading">{heading}</div> : null}
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-item"
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
