import { EventStreamQuery } from "../../index.ts";
import { defineOperation } from "../operation.ts";

const base = "/api/console/events";

export const streamEvents = defineOperation({
  method: "get",
  path: base,
  summary: "Live events (Server-Sent Events): build progress and status, agents, deployments",
  description:
    "Starts with a `build.status` event for every running build the user may see (and for each `build_id` asked for), then sends `build.progress` / `build.status` (data: BuildEventData) and other events of the user's customer as they happen, at most one per build every 100 ms.",
  tags: ["console"],
  query: EventStreamQuery,
  responseType: "text/event-stream",
});
