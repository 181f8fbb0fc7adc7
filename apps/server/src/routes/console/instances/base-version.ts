import { BadRequest } from "@metabuild/core";
import type { Context } from "hono";

const required =
  "'base_version' is required (or an If-Match header with the version): the version this change is based on";

/**
 * The version a change is based on, from `If-Match` (`5` or `"5"`, also weak
 * `W/"5"`) or the body's `base_version`; both given must agree. Required: an
 * optional guard would not prevent lost updates (docs/console-instance-writes.md).
 */
export function baseVersion(c: Context, fromBody: number | undefined): number {
  const header = c.req.header("If-Match");
  let fromHeader: number | undefined;
  if (header !== undefined) {
    const match = /^\s*(?:W\/)?"?([0-9]+)"?\s*$/.exec(header);
    const version = match ? Number(match[1]) : Number.NaN;
    if (!Number.isSafeInteger(version) || version < 1)
      throw new BadRequest(
        `Invalid value for 'If-Match': one version such as 5 or "5", not '${header.slice(0, 40)}'`,
      );
    fromHeader = version;
  }
  if (fromBody !== undefined && fromHeader !== undefined && fromBody !== fromHeader)
    throw new BadRequest(
      `'base_version' ${fromBody} and If-Match ${fromHeader} disagree: send one version`,
    );
  const version = fromBody ?? fromHeader;
  if (version === undefined) throw new BadRequest(required);
  return version;
}
