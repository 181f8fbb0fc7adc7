import { Hono } from "hono";
import { singleOperation } from "../../../http/single-operation.ts";
import type { AppEnv } from "../../../app-env.ts";
import type { Operation } from "../../../http/operation.ts";
import { baseVersion } from "./base-version.ts";
import { checkinInstance } from "@metabuild/contract/operations";
import { changeInstances } from "@metabuild/contract/operations";
import { checkoutInstance } from "@metabuild/contract/operations";
import { copyInstance, createInstance } from "@metabuild/contract/operations";
import { saveInstanceDetails } from "@metabuild/contract/operations";
import { getInstanceEditing } from "@metabuild/contract/operations";
import { listReferenceCandidates } from "@metabuild/contract/operations";
import { saveInstanceRows } from "@metabuild/contract/operations";
import { validateInstanceRows } from "@metabuild/contract/operations";
import {
  getInstanceVersion,
  listInstanceVersions,
  restoreInstanceVersion,
} from "@metabuild/contract/operations";

const base = "/api/console/instances";

/** Console instance editor: create, copy, load, checkout, validate, save, checkin, history. */
export function instanceEditingRoutes() {
  const app = new Hono<AppEnv>();
  const at = (op: Operation) => op.path.slice(base.length) || "/";
  app.route(
    at(createInstance),
    singleOperation(createInstance, async ({ body }, c) =>
      c.json(await c.var.services.instanceCreation.create(c.var.principal, body), 201),
    ),
  );
  app.route(
    at(copyInstance),
    singleOperation(copyInstance, async ({ params, body }, c) =>
      c.json(await c.var.services.instanceCreation.copy(c.var.principal, params.id, body), 201),
    ),
  );
  // Before `/:id`, which would take "bulk" for an id.
  app.route(
    at(changeInstances),
    singleOperation(changeInstances, async ({ body }, c) =>
      c.json(await c.var.services.instanceBulk.change(c.var.principal, body)),
    ),
  );
  app.route(
    at(saveInstanceDetails),
    singleOperation(saveInstanceDetails, async ({ params, query, body }, c) => {
      const impact = c.var.services.instanceImpact;
      const version = baseVersion(c, body.base_version);
      return c.json(
        query.dry_run
          ? await impact.dryRunDetails(c.var.principal, params.id, body, version)
          : await impact.saveDetails(c.var.principal, params.id, body, version),
      );
    }),
  );
  app.route(
    at(listReferenceCandidates),
    singleOperation(listReferenceCandidates, async ({ params, query }, c) =>
      c.json(
        await c.var.services.instanceEditing.referenceCandidates(c.var.principal, params.id, query),
      ),
    ),
  );
  app.route(
    at(getInstanceEditing),
    singleOperation(getInstanceEditing, async ({ params }, c) =>
      c.json(await c.var.services.instanceEditing.load(c.var.principal, params.id)),
    ),
  );
  app.route(
    at(checkoutInstance),
    singleOperation(checkoutInstance, async ({ params }, c) =>
      c.json(await c.var.services.instanceEditing.checkout(c.var.principal, params.id)),
    ),
  );
  app.route(
    at(checkinInstance),
    singleOperation(checkinInstance, async ({ params, body }, c) =>
      c.json(
        await c.var.services.instanceEditing.checkin(
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
    singleOperation(saveInstanceRows, async ({ params, query, body }, c) => {
      const change = {
        rows: body.rows,
        message: body.message,
        baseVersion: baseVersion(c, body.base_version),
      };
      const impact = c.var.services.instanceImpact;
      return c.json(
        query.dry_run
          ? await impact.dryRunRows(c.var.principal, params.id, change)
          : await impact.saveRows(c.var.principal, params.id, change),
      );
    }),
  );
  app.route(
    at(validateInstanceRows),
    singleOperation(validateInstanceRows, async ({ params, body }, c) =>
      c.json({
        issues: await c.var.services.instanceEditing.validate(
          c.var.principal,
          params.id,
          body.rows,
        ),
      }),
    ),
  );
  app.route(
    at(getInstanceVersion),
    singleOperation(getInstanceVersion, async ({ params }, c) =>
      c.json(
        await c.var.services.instanceHistory.version(c.var.principal, params.id, params.version),
      ),
    ),
  );
  app.route(
    at(restoreInstanceVersion),
    singleOperation(restoreInstanceVersion, async ({ params, body }, c) =>
      c.json(
        await c.var.services.instanceHistory.restore(
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
    singleOperation(listInstanceVersions, async ({ params }, c) =>
      c.json(await c.var.services.instanceHistory.versions(c.var.principal, params.id)),
    ),
  );
  return app;
}
