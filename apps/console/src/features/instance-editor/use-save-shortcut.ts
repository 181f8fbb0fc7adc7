import { useEffect, useState } from "react";

/**
 * Ctrl+S (Cmd+S) saves, like in any editor. `beforeSave` ends an open cell
 * edit; the save itself runs on the next render, once that cell's value is in
 * the draft (so `save` must be this render's, reading the current draft).
 */
export function useSaveShortcut(beforeSave: () => void, save: () => void): void {
  const [requested, setRequested] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: registered once; beforeSave only touches a ref
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== "s") return;
      e.preventDefault();
      beforeSave();
      setRequested(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per request, with this render's save
  useEffect(() => {
    if (!requested) return;
    setRequested(false);
    save();
  }, [requested]);
}
