import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { instanceEditingQueryOptions } from "./api/get-instance-editing.ts";
import { instanceVersionsKey } from "./api/get-instance-versions.ts";

const CHANNEL = "metabuild-instance-editor";

/**
 * Keeps the editor's view of an instance current when it changes elsewhere
 * (docs/console-instance-writes.md "Conflicts"): another tab of this browser
 * announces its checkouts, saves and check-ins on a BroadcastChannel, and a
 * tab coming back into view asks again (another session, another user). So
 * a second tab never says "Checked out by nobody" while the user holds the
 * checkout in the first. Unsaved rows stay (the editor keeps a dirty draft).
 * Answers `announce`, to call after this tab changed the instance.
 */
export function useChangesElsewhere(id: number): () => void {
  const client = useQueryClient();
  const channel = useRef<BroadcastChannel | null>(null);
  useEffect(() => {
    const refresh = () => {
      void client.invalidateQueries({ queryKey: instanceEditingQueryOptions(id).queryKey });
      void client.invalidateQueries({ queryKey: instanceVersionsKey(id) });
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    const ch = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
    if (ch)
      ch.onmessage = (event: MessageEvent<{ instance?: number }>) => {
        if (event.data?.instance === id) refresh();
      };
    channel.current = ch;
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      ch?.close();
      channel.current = null;
    };
  }, [id, client]);
  return useCallback(() => channel.current?.postMessage({ instance: id }), [id]);
}
