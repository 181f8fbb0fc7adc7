import type React from "react";
import { useEffect, useRef } from "react";

/**
 * A native `<dialog>` opened as a modal when it mounts: the browser traps
 * focus, Escape closes it and its `close` event tells the owner. Gives the
 * ref to put on the element and `close()` for Cancel buttons.
 */
export interface ModalDialog {
  ref: React.RefObject<HTMLDialogElement | null>;
  close: () => void;
}

export function useModalDialog(): ModalDialog {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return { ref, close: () => ref.current?.close() };
}
