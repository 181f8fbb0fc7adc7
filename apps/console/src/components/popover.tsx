import { type ReactNode, useCallback, useId, useRef, useState } from "react";
import { useDismiss } from "./use-dismiss.ts";

/** A button that shows and hides a panel of controls (a disclosure that floats). */
export function Popover({
  label,
  summary,
  children,
}: {
  /** Accessible name of the button and the panel. */
  label: string;
  /** What the button shows besides the label (e.g. a count). */
  summary?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);
  useDismiss(container, open, close);
  return (
    <div className="popover" ref={container}>
      <button
        ref={button}
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        {summary ? <span className="popover-summary">{summary}</span> : null}
        <span aria-hidden="true"> ▾</span>
      </button>
      <fieldset className="popup popover-panel" id={panelId} hidden={!open}>
        <legend className="visually-hidden">{label}</legend>
        {children}
      </fieldset>
    </div>
  );
}
