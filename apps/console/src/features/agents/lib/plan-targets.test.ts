import type { Agent } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import { planTargets } from "./plan-targets.ts";

const agent = (id: number, name: string, group: number | null, extra: Partial<Agent> = {}) => ({
  id,
  agent_id: `uuid-${id}`,
  name,
  deleted: false,
  disabled: false,
  online: false,
  group_id: group,
  ...extra,
});

describe("planTargets", () => {
  it("offers groups with an online agent and online agents; the others carry the reason", () => {
    const targets = planTargets(
      [
        agent(1, "local-runner", 1, { online: true }),
        agent(2, "far-runner", 2),
        agent(3, "off", 2, { online: true, disabled: true }),
        agent(4, "gone", 1, { deleted: true }),
      ],
      [
        { id: 1, name: "local", description: null },
        { id: 2, name: "remote", description: null },
        { id: 3, name: "empty", description: null },
      ],
    );
    expect(targets.map((t) => [t.kind, t.name, t.detail, t.reason])).toEqual([
      ["group", "local", "1 of 1 agent online", undefined],
      ["group", "remote", "0 of 2 agents online", "No agent of the group 'remote' is online"],
      ["group", "empty", "0 of 0 agents online", "The group 'empty' has no agents"],
      ["agent", "local-runner", "online", undefined],
      ["agent", "far-runner", "offline", "The agent 'far-runner' is offline"],
      ["agent", "off", "disabled", "The agent 'off' is disabled"],
    ]);
  });
});
