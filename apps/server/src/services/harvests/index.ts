import type { AccessService } from "../access.ts";
import { AgentService } from "../agents.ts";
import type { AgentHub } from "../agents/hub.ts";
import type { AppDeps } from "../deps.ts";
import type { EventBus } from "../events.ts";
import { HarvestRuns } from "./runs.ts";
import { HarvestScheduleService } from "./schedules.ts";
import { HarvestSender } from "./sender.ts";
import { HarvestService } from "./service.ts";

/** The harvest services (docs/harvesting.md); the hub hands them the agents' harvest messages. */
export function createHarvestServices(
  deps: AppDeps,
  shared: { access: AccessService; events: EventBus; agentHub: AgentHub },
) {
  const { db, config, clock, logger } = deps;
  const runs = new HarvestRuns(
    db,
    clock,
    shared.events,
    { logMaxBytes: config.agentRunLogMaxBytes, maxRows: config.harvestMaxRows },
    logger,
  );
  shared.agentHub.harvests = runs;
  shared.agentHub.harvestSender = new HarvestSender(runs, config.agentFrameMaxBytes);
  const harvests = new HarvestService(
    db,
    shared.access,
    new AgentService(db),
    shared.agentHub,
    runs,
    clock,
    logger,
  );
  return {
    harvests,
    harvestSchedules: new HarvestScheduleService(
      db,
      shared.access,
      harvests,
      shared.agentHub,
      clock,
      logger,
      config.harvestSchedules,
    ),
  };
}
