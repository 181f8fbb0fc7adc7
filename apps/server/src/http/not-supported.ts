import { MethodNotAllowed, messages } from "@metabuild/core";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { recordRejection } from "./operation.ts";

const ALL = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Feathers' names of the service methods, as used in the 405 message. */
function feathersMethod(method: string, item: boolean): string {
  switch (method) {
    case "GET":
      return item ? "get" : "find";
    case "POST":
      return "create";
    case "PUT":
      return "update";
    case "PATCH":
      return "patch";
    case "DELETE":
      return "remove";
    default:
      return method.toLowerCase();
  }
}

/**
 * Answers 405 with an `Allow` header for every method a resource does not
 * implement, on its collection path and its `/:id` path (when `item` is given;
 * a singleton such as `/api/console/me` has none). Mount it after the
 * resource's own routes.
 */
export function rejectUnsupported(
  app: Hono<AppEnv>,
  implemented: { collection: readonly string[]; item?: readonly string[] },
): void {
  const add = (path: string, allowed: readonly string[], item: boolean) => {
    const rejected = ALL.filter((m) => !allowed.includes(m));
    if (rejected.length === 0) return;
    recordRejection(app, path, rejected);
    app.on([...rejected], path, (c) => {
      const err = new MethodNotAllowed(
        messages.methodNotSupported(feathersMethod(c.req.method, item)),
      );
      err.headers.Allow = allowed.join(", ");
      throw err;
    });
  };
  add("/", implemented.collection, false);
  if (implemented.item) add("/:id", implemented.item, true);
}
