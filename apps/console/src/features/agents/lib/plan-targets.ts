import type { Agent, AgentGroup } from "@metabuild/contract";

/** A group or agent a plan may run through; `reason` says why it cannot be picked now. */
export interface PlanTarget {
  kind: "group" | "agent";
  id: number;
  name: string;
  detail: string;
  reason?: string;
}

/** Groups, then agents; offline or disabled ones carry the reason (deleted agents are left out). */
export function planTargets(agents: readonly Agent[], groups: readonly AgentGroup[]): PlanTarget[] {
  const live = agents.filter((a) => !a.deleted);
  const usable = (a: Agent) => a.online && !a.disabled;
  const fromGroups = groups.map((g): PlanTarget => {
    const members = live.filter((a) => a.group_id === g.id);
    const online = members.filter(usable).length;
    return {
      kind: "group",
      id: g.id,
      name: g.name,
      detail: `${online} of ${members.length} agent${members.length === 1 ? "" : "s"} online`,
      reason:
        online > 0
          ? undefined
          : members.length === 0
            ? `The group '${g.name}' has no agents`
            : `No agent of the group '${g.name}' is online`,
    };
  });
  const fromAgents = live.map(
    (a): PlanTarget => ({
      kind: "agent",
      id: a.id,
      name: a.name,
      detail: a.disabled ? "disabled" : a.online ? "online" : "offline",
      reason: a.disabled
        ? `The agent '${a.name}' is disabled`
        : a.online
          ? undefined
          : `The agent '${a.name}' is offline`,
    }),
  );
  return [...fromGroups, ...fromAgents];
}
