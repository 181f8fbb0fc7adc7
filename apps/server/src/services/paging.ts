import { BadRequest } from "@metabuild/core";
import type { Page } from "@metabuild/db";

/** Unwraps a paged query result, turning an unknown `$sort` field into a 400. */
export function pageOrThrow<T>(result: Page<T> | { unknownField: string }): Page<T> {
  if ("unknownField" in result)
    throw new BadRequest(`Invalid value for '$sort': unknown field '${result.unknownField}'`);
  return result;
}
