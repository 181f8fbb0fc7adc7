import {
  HarvestCreate,
  HarvestQuery,
  HarvestRun,
  HarvestSchedule,
  HarvestScheduleCreate,
  HarvestScheduleQuery,
  HarvestSource,
  IdParam,
  Paging,
} from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

const tags = ["harvests"];

export const startHarvest = defineOperation({
  method: "post",
  path: "/api/v1/harvests",
  errors: [409],
  summary: "Harvest a source's catalog through an agent into the project's @TABLES",
  description:
    "Needs `write_instances` on the project. `source` names a source of the agent's own " +
    "agent.yaml (`sources:`); give one agent (`agent_id`: integer id or UUID) or a group " +
    "(`agent_group` / `agent_group_id`). The catalog replaces `<table_prefix>_TABLES`, " +
    "`_COLUMNS`, `_KEYS` and `_FOREIGN_KEYS` (prefix default: the source name in upper case) " +
    "in one transaction when the run SUCCEEDS; a failed run changes nothing. Answers 201 " +
    "with the run QUEUED. 409 when the agent is offline or disabled, or no agent of the group is online.",
  tags,
  body: HarvestCreate,
  response: HarvestRun,
  status: 201,
});

export const listHarvests = defineOperation({
  method: "get",
  path: "/api/v1/harvests",
  summary: "Harvest runs in the projects the user may access (optionally one project)",
  tags,
  query: HarvestQuery,
  response: z.array(HarvestRun),
});

export const getHarvest = defineOperation({
  method: "get",
  path: "/api/v1/harvests/:id",
  summary: "One harvest run with its status and log",
  tags,
  params: IdParam,
  response: HarvestRun,
});

export const listHarvestSources = defineOperation({
  method: "get",
  path: "/api/v1/harvest_sources",
  summary: "Connected agents and the source names they announced",
  description: "Only names: a source's file or URL stays in the agent's agent.yaml.",
  tags,
  query: Paging,
  response: z.array(HarvestSource),
});

export const createHarvestSchedule = defineOperation({
  method: "post",
  path: "/api/v1/harvest_schedules",
  summary: "Harvest a source on a schedule (cron, 5 fields, UTC)",
  description:
    "Needs `write_instances` on the project. The agent or group must exist; it need not be " +
    "online now. At each matching minute the server starts a run as this user; an agent " +
    "offline then makes a run that ends FAILED with the reason.",
  tags,
  body: HarvestScheduleCreate,
  response: HarvestSchedule,
  status: 201,
});

export const listHarvestSchedules = defineOperation({
  method: "get",
  path: "/api/v1/harvest_schedules",
  summary: "Harvest schedules in the projects the user may access (optionally one project)",
  tags,
  query: HarvestScheduleQuery,
  response: z.array(HarvestSchedule),
});

export const getHarvestSchedule = defineOperation({
  method: "get",
  path: "/api/v1/harvest_schedules/:id",
  summary: "One harvest schedule",
  tags,
  params: IdParam,
  response: HarvestSchedule,
});

export const deleteHarvestSchedule = defineOperation({
  method: "delete",
  path: "/api/v1/harvest_schedules/:id",
  summary: "Delete a harvest schedule (its runs stay)",
  description: "Needs `write_instances` on the schedule's project. Answers the removed schedule.",
  tags,
  params: IdParam,
  response: HarvestSchedule,
});
