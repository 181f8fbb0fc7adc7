import { useEffect, useRef } from "react";
import { operationUrl } from "./api/client.ts";

/**
 * Listens to the console's Server-Sent Events stream (`/console/events`)
 * for the given event types; the browser reconnects by itself. `buildIds`
 * asks the server to send those builds' current state first, so a page that
 * opens after a build finished still sees its final status.
 */
export function useEventStream(
  types: readonly string[],
  onEvent: (type: string, data: unknown) => void,
  buildIds: readonly number[] = [],
  /** Called when the stream (re)connects: events before it were missed, so reload. */
  onOpen?: () => void,
): void {
  // The latest handler, without reopening the stream on every render.
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const opened = useRef(onOpen);
  opened.current = onOpen;
  const typesKey = types.join(",");
  const idsKey = buildIds.join(",");
  useEffect(() => {
    const qs = idsKey
      ? `?${idsKey
          .split(",")
          .map((id) => `build_id=${id}`)
          .join("&")}`
      : "";
    const source = new EventSource(`${operationUrl("/console/events")}${qs}`, {
      withCredentials: true,
    });
    source.addEventListener("open", () => opened.current?.());
    const listeners = typesKey.split(",").map((type) => {
      const listener = (e: MessageEvent<string>) => handler.current(type, JSON.parse(e.data));
      source.addEventListener(type, listener);
      return [type, listener] as const;
    });
    return () => {
      for (const [type, listener] of listeners) source.removeEventListener(type, listener);
      source.close();
    };
  }, [typesKey, idsKey]);
}
