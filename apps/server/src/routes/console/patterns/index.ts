import {
  createPattern,
  getPatternAuthoring,
  getPatternVersion,
  listPatternVersions,
  previewPattern,
  savePattern,
} from "@metabuild/contract/operations";
import { Hono } from "hono";
import { singleOperation } from "../../../http/single-operation.ts";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { type Operation, mount } from "../../../http/operation.ts";
import { baseVersion } from "../instances/base-version.ts";

const base = "/api/console/patterns";

/** Console pattern authoring: create, load, save, versions, preview (docs/patterns-authoring.md). */
export function patternAuthoringRoutes() {
  const app = new Hono<AppEnv>();
  const at = (op: Operation) => op.path.slice(base.length) || "/";
  app.route(
    at(createPattern),
    singleOperation(createPattern, async ({ body }, c) =>
      c.json(await c.var.services.patternAuthoring.create(c.var.principal, body), 201),
    ),
  );
  app.route(
    at(listPatternVersions),
    singleOperation(listPatternVersions, async ({ params }, c) =>
      c.json(await c.var.services.patternAuthoring.versions(c.var.principal, params.id)),
    ),
  );
  app.route(
    at(getPatternVersion),
    singleOperation(getPatternVersion, async ({ params }, c) =>
      c.json(
        await c.var.services.patternAuthoring.version(c.var.principal, params.id, params.version),
      ),
    ),
  );
  app.route(
    at(previewPattern),
    singleOperation(previewPattern, async ({ params, body }, c) =>
      c.json(await c.var.services.patternAuthoring.preview(c.var.principal, params.id, body)),
    ),
  );
  // GET and PUT share `/:id`.
  const item = new Hono<AppEnv>();
  mount(item, savePattern.path, getPatternAuthoring, async ({ params }, c) =>
    c.json(await c.var.services.patternAuthoring.load(c.var.principal, params.id)),
  );
  mount(item, savePattern.path, savePattern, async ({ params, query, body }, c) => {
    const { base_version, ...definition } = body;
    const version = baseVersion(c, base_version);
    const impact = c.var.services.patternImpact;
    return c.json(
      query.dry_run === true
        ? await impact.dryRun(c.var.principal, params.id, definition, version)
        : await impact.save(c.var.principal, params.id, definition, version),
    );
  });
  rejectUnsupported(item, { collection: ["GET", "PUT"] });
  app.route(at(savePattern), item);
  return app;
}
