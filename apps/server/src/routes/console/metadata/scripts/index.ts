import { Hono } from "hono";
import type { AppEnv } from "../../../../app-env.ts";
import { rejectUnsupported } from "../../../../http/not-supported.ts";
import { type Operation, mount } from "../../../../http/operation.ts";
import { singleOperation } from "../../../../http/single-operation.ts";
import { baseVersion } from "../../instances/base-version.ts";
import {
  createScriptFolder,
  moveScriptFolder,
  removeScriptFolder,
} from "@metabuild/contract/operations";
import {
  getScriptVersion,
  listScriptRuns,
  listScriptVersions,
} from "@metabuild/contract/operations";
import {
  createScript,
  getScript,
  listScripts,
  removeScript,
  saveScript,
} from "@metabuild/contract/operations";

const base = "/api/console/metadata/scripts";

/** Saved SQL scripts in folders (docs/metadata-scripts.md). */
export function metadataScriptRoutes() {
  const app = new Hono<AppEnv>();
  const at = (op: Operation) => op.path.slice(base.length) || "/";
  // Before `/:id`, which would take "folders" for an id.
  const folders = new Hono<AppEnv>();
  const foldersBase = `${base}/folders`;
  mount(folders, foldersBase, createScriptFolder, async ({ body }, c) =>
    c.json(await c.var.services.metadataScripts.createFolder(c.var.principal, body), 201),
  );
  mount(folders, foldersBase, moveScriptFolder, async ({ body }, c) =>
    c.json(await c.var.services.metadataScripts.moveFolder(c.var.principal, body)),
  );
  mount(folders, foldersBase, removeScriptFolder, async ({ query }, c) =>
    c.json(await c.var.services.metadataScripts.removeFolder(c.var.principal, query)),
  );
  rejectUnsupported(folders, { collection: ["POST", "PATCH", "DELETE"] });
  app.route("/folders", folders);

  app.route(
    at(listScriptVersions),
    singleOperation(listScriptVersions, async ({ params }, c) =>
      c.json(await c.var.services.metadataScripts.versions(c.var.principal, params.id)),
    ),
  );
  app.route(
    at(getScriptVersion),
    singleOperation(getScriptVersion, async ({ params }, c) =>
      c.json(
        await c.var.services.metadataScripts.version(c.var.principal, params.id, params.version),
      ),
    ),
  );
  app.route(
    at(listScriptRuns),
    singleOperation(listScriptRuns, async ({ params, query }, c) =>
      c.json(await c.var.services.metadataScripts.runs(c.var.principal, params.id, query.$limit)),
    ),
  );

  mount(app, base, listScripts, async ({ query }, c) =>
    c.json(await c.var.services.metadataScripts.tree(c.var.principal, query)),
  );
  mount(app, base, createScript, async ({ body }, c) =>
    c.json(await c.var.services.metadataScripts.create(c.var.principal, body), 201),
  );
  mount(app, base, getScript, async ({ params }, c) =>
    c.json(await c.var.services.metadataScripts.get(c.var.principal, params.id)),
  );
  mount(app, base, saveScript, async ({ params, body }, c) =>
    c.json(
      await c.var.services.metadataScripts.save(
        c.var.principal,
        params.id,
        body,
        baseVersion(c, body.base_version),
      ),
    ),
  );
  mount(app, base, removeScript, async ({ params, query }, c) =>
    c.json(
      await c.var.services.metadataScripts.remove(
        c.var.principal,
        params.id,
        baseVersion(c, query.base_version),
      ),
    ),
  );
  rejectUnsupported(app, { collection: ["GET", "POST"], item: ["GET", "PATCH", "DELETE"] });
  return app;
}
