import { InvalidInstanceNames, InvalidNamesQuery } from "../../index.ts";
import { defineOperation } from "../operation.ts";

const base = "/api/console/instances/invalid-names";

export const listInvalidInstanceNames = defineOperation({
  method: "get",
  path: base,
  summary: "Instances whose names break their pattern's name rule",
  description:
    "Every instance of the project (deleted ones too) whose stored name does not follow its " +
    "pattern's `instance_name_pattern` (default: a SQL identifier of at most 128 characters), " +
    "with the reason. Such names were stored before the rule; they stay writable and are " +
    "reported, not renamed (docs/instance-names.md). Needs access to the project.",
  tags: ["console"],
  query: InvalidNamesQuery,
  response: InvalidInstanceNames,
});
