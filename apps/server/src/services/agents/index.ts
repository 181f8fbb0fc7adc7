import type { AccessService } from "../access.ts";
import { AgentService } from "../agents.ts";
import { servesStoreAlone } from "../../config.ts";
import type { AppDeps } from "../deps.ts";
import type { EventBus } from "../events.ts";
import type { PatternService } from "../patterns.ts";
import { BuildDeploymentService } from "./build-deployments.ts";
import { DeploymentPlanService } from "./deployment-plans.ts";
import { DeploymentSender } from "./dispatch.ts";
import { AgentHub } from "./hub.ts";
import { DeploymentPlanRunner } from "./plan-runner.ts";
import { DeploymentRuns } from "./runs.ts";

/** The agent services: the connected agents (hub), their runs, and the build deployments API. */
export function createAgentServices(
  deps: AppDeps,
  shared: { access: AccessService; patterns: PatternService; events: EventBus },
) {
  const { db, config, clock, files, logger } = deps;
  const runs = new DeploymentRuns(db, clock, shared.events, config.agentRunLogMaxBytes);
  // Under the store's lease this process is its only server (docs/scale-out.md).
  const onlyServer = servesStoreAlone(config);
  const agentHub = new AgentHub(db, clock, shared.events, runs, logger, config.agentHeartbeatMs, {
    staleMs: config.agentConnectionStaleSeconds * 1000,
    onlyServer,
  });
  agentHub.sender = new DeploymentSender(
    db,
    files,
    runs,
    logger,
    config.deploymentTimeLimitSeconds,
  );
  const agents = new AgentService(db);
  const buildDeployments = new BuildDeploymentService(
    db,
    shared.access,
    shared.patterns,
    agents,
    agentHub,
    runs,
    logger,
  );
  const planRunner = new DeploymentPlanRunner(
    db,
    clock,
    shared.events,
    buildDeployments,
    logger,
    onlyServer,
  );
  return {
    agentHub,
    buildDeployments,
    planRunner,
    deploymentPlans: new DeploymentPlanService(
      db,
      shared.access,
      agents,
      buildDeployments,
      planRunner,
    ),
  };
}
