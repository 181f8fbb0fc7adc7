import { Me } from "../../index.ts";
import { defineOperation } from "../operation.ts";

const base = "/api/console/me";

export const getMe = defineOperation({
  method: "get",
  path: base,
  summary: "The signed-in user (console session check)",
  tags: ["console"],
  response: Me,
  description: "Answers 401 when the session cookie or token is missing, expired or signed out.",
});
