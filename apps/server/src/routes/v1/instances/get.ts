import { IdParam, InstanceDetail, XLSX_MEDIA_TYPE } from "@metabuild/contract";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { acceptsMediaType } from "../../../http/attachment.ts";
import { authenticateAlong } from "../../../http/authenticate.ts";
import { defineOperation } from "../../../http/operation.ts";
import { sendJson } from "../../../http/send-json.ts";

export const getInstance = defineOperation({
  method: "get",
  path: "/api/v1/instances/:id",
  summary: "One instance with its metadata rows",
  description:
    "`header` is `@POS_NO`, then the pattern's properties, then its functional roles; each `field_details` row is keyed by exactly those names. " +
    "With `Accept: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet` the answer is instead an .xlsx workbook of the instance (a sheet named after the pattern: INSTANCE, PATTERN, PROJECT, FOLDER, POS_NO, then properties and roles; one line per row), which POST /api/v1/instances reads back.",
  tags: ["instances"],
  params: IdParam,
  response: InstanceDetail,
});

/**
 * GET /api/v1/instances/:id as JSON, mounted ahead of `authenticate`: the
 * token's holder and revocation are read in the detail's own statement, one
 * round trip instead of two (docs/performance.md "The instance detail").
 * Every other case (no token, an id that does not parse, the spreadsheet
 * form) goes on to the usual path, which answers as it always did (401
 * before 400).
 */
export const getInstanceAlongToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  const params = IdParam.safeParse(c.req.param());
  if (!params.success || acceptsMediaType(c.req.header("accept"), XLSX_MEDIA_TYPE)) return next();
  // c.get, not c.var: c.var copies every variable of the request.
  const { instances } = c.get("services");
  const { id } = params.data;
  const signedIn = await authenticateAlong(c, (presenter) =>
    instances.detailReadFor(presenter, id),
  );
  if (!signedIn) return next();
  return sendJson(c, await instances.detailOf(c.get("principal"), id, signedIn.value));
};
