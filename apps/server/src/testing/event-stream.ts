import type { Harness } from "./harness.ts";

export interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * Opens GET /api/console/events with a token and reads it event by event
 * (comment lines skipped), for tests that watch what a session receives.
 */
export async function openEventStream(h: Harness, token: string, query = "") {
  const res = await h.call(`/api/console/events${query}`, token);
  if (res.status !== 200) throw new Error(`the event stream answered ${res.status}`);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let ended = false;
  let markers = 0;

  /** The next event, or undefined when the stream ends or `timeoutMs` passes first. */
  async function next(timeoutMs: number): Promise<SseEvent | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split("\n");
        const event = lines.find((l) => l.startsWith("event: "))?.slice(7);
        const data = lines
          .filter((l) => l.startsWith("data: "))
          .map((l) => l.slice(6))
          .join("\n");
        if (event) return { event, data: JSON.parse(data) };
        continue;
      }
      if (ended) return undefined;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), left);
      });
      const read = await Promise.race([reader.read(), timeout]);
      clearTimeout(timer);
      if (read === "timeout") return undefined;
      if (read.done) ended = true;
      else buffer += decoder.decode(read.value, { stream: true });
    }
  }

  /** Every event until the stream ends or `timeoutMs` passes; `ended` says which. */
  async function rest(timeoutMs: number): Promise<{ ended: boolean; events: SseEvent[] }> {
    const deadline = Date.now() + timeoutMs;
    const events: SseEvent[] = [];
    for (;;) {
      const e = await next(Math.max(0, deadline - Date.now()));
      if (!e) return { ended, events };
      events.push(e);
    }
  }

  /** Publishes a marker for the customer and reads up to it: the stream is listening. */
  async function sync(customerId: number): Promise<SseEvent[]> {
    const seen: SseEvent[] = [];
    // Tagged: other streams' markers reach this stream too.
    const marker = `${Math.random()}:${++markers}`;
    h.services.events.publish({ type: "test.marker", customerId, marker });
    for (;;) {
      const e = await next(5000);
      if (!e) throw new Error("the stream ended or stalled before the marker");
      seen.push(e);
      if (e.event === "test.marker" && (e.data as { marker?: string }).marker === marker)
        return seen;
    }
  }

  return { res, next, rest, sync, close: () => reader.cancel() };
}
