import { Hono } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { type Operation, mount } from "../../../http/operation.ts";
import { baseVersion } from "./base-version.ts";
import { checkinInstance } from "./checkin.ts";
import { changeInstances } from "./bulk.ts";
import { checkoutInstance } from "./checkout.ts";
import { copyInstance, createInstance } from "./create.ts";
import { saveInstanceDetails } from "./details.ts";
import { getInstanceEditing } from "./editing.ts";
import { saveInstanceRows } from "./save-rows.ts";
import { validateInstanceRows } from "./validate.ts";
import { getInstanceVersion, listInstanceVersions, restoreInstanceVersion } from "./versions.ts";

const base = "/api/console/instances";

/** One path with its single operation, and 405s for the other methods. */
function route<Q extends z.ZodType, P extends z.ZodType, B extends z.ZodType>(
  op: Operation<Q, P, B>,
  handler: Parameters<typeof mount<Q, P, B>>[3],
) {
  const app = new Hono<AppEnv>();
  mount(app, op.path, op, handler);
  rejectUnsupported(app, { collection: [op.method.toUpperCase()] });
  return app;
}

/** Console instance editor: create, copy, load, checkout, validate, save, checkin, history. */
export function instanceEditingRoutes() {
  const app = new Hono<AppEnv>();
  const at = (op: Operation) => op.path.slice(base.length) || "/";
  app.route(
    at(createInstance),
    route(createInstance, ({ body }, c) =>
      c.json(c.var.services.instanceCreation.create(c.var.principal, body), 201),
    ),
  );
  app.route(
    at(copyInstance),
    route(copyInstance, ({ params, body }, c) =>
      c.json(c.var.services.instanceCreation.copy(c.var.principal, params.id, body), 201),
    ),
  );
  // Before `/:id`, which would take "bulk" for an id.
  app.route(
    at(changeInstances),
    route(changeInstances, ({ body }, c) =>
      c.json(c.var.services.instanceBulk.change(c.var.principal, body)),
    ),
  );
  app.route(
    at(saveInstanceDetails),
    route(saveInstanceDetails, ({ params, body }, c) =>
      c.json(
        c.var.services.instanceEditing.saveDetails(
          c.var.principal,
          params.id,
          body,
          baseVersion(c, body.base_version),
        ),
      ),
    ),
  );
  app.route(
    at(getInstanceEditing),
    route(getInstanceEditing, ({ params }, c) =>
      c.json(c.var.services.instanceEditing.load(c.var.principal, params.id)),
    ),
  );
  app.route(
    at(checkoutInstance),
    route(checkoutInstance, ({ params }, c) =>
      c.json(c.var.services.instanceEditing.checkout(c.var.principal, params.id)),
    ),
  );
  app.route(
    at(checkinInstance),
    route(checkinInstance, ({ params, body }, c) =>
      c.json(
        c.var.services.instanceEditing.checkin(
          c.var.principal,
          params.id,
          // Without rows a check-in changes nothing, so it needs no base version.
          body.rows === undefined
            ? undefined
            : {
                rows: body.rows,
                message: body.message,
                baseVersion: baseVersion(c, body.base_version),
              },
        ),
      ),
    ),
  );
  app.route(
    at(saveInstanceRows),
    route(saveInstanceRows, ({ params, body }, c) =>
      c.json(
        c.var.services.instanceEditing.save(c.var.principal, params.id, {
          rows: body.rows,
          message: body.message,
          baseVersion: baseVersion(c, body.base_version),
        }),
      ),
    ),
  );
  app.route(
    at(validateInstanceRows),
    route(validateInstanceRows, ({ params, body }, c) =>
      c.json({
        issues: c.var.services.instanceEditing.validate(c.var.principal, params.id, body.rows),
      }),
    ),
  );
  app.route(
    at(getInstanceVersion),
    route(getInstanceVersion, ({ params }, c) =>
      c.json(c.var.services.instanceHistory.version(c.var.principal, params.id, params.version)),
    ),
  );
  app.route(
    at(restoreInstanceVersion),
    route(restoreInstanceVersion, ({ params, body }, c) =>
      c.json(
        c.var.services.instanceHistory.restore(
          c.var.principal,
          params.id,
          params.version,
          baseVersion(c, body.base_version),
        ),
      ),
    ),
  );
  app.route(
    at(listInstanceVersions),
    route(listInstanceVersions, ({ params }, c) =>
      c.json(c.var.services.instanceHistory.versions(c.var.principal, params.id)),
    ),
  );
  return app;
}
