import { IdParam, XLSX_MEDIA_TYPE } from "@metabuild/contract";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { acceptsMediaType } from "../../../http/attachment.ts";
import { authenticateAlong } from "../../../http/authenticate.ts";
import { sendJson } from "../../../http/send-json.ts";

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
