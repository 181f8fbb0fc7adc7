import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bundleCustomers } from "@metabuild/contract";
import { listCustomerNames } from "@metabuild/db";
import { importBundle } from "../services/bundle/import.ts";
import { parseBundle } from "../services/bundle/parse.ts";
import { shippedFolder } from "../infra/install-layout.ts";
import type { Store } from "./io.ts";

/** The demo bundle of the repository (demo/demo.yaml). */
// From apps/server/src/cli, from apps/server/dist once compiled, or beside dist/ in a
// production folder (docs/operations.md "Runtime").
export const DEMO_BUNDLE = join(
  shippedFolder(
    import.meta.url,
    "demo",
    join(import.meta.dirname, import.meta.url.endsWith(".ts") ? "../../../.." : "../../..", "demo"),
  ),
  "demo.yaml",
);

export interface DemoSignIn {
  email: string;
  password: string;
  admin: boolean;
  customer: string;
}

/**
 * Loads the demo bundle when the store holds no customer yet (an existing
 * store is never touched); returns whether it did and the demo's sign-ins.
 */
export async function loadDemoIfEmpty(
  store: Pick<Store, "db" | "clock" | "writer">,
  file = DEMO_BUNDLE,
) {
  const bundle = parseBundle(readFileSync(file, "utf8"), file);
  const empty = (await listCustomerNames(store.db)).length === 0;
  if (empty) await importBundle(store, bundle);
  const signIns: DemoSignIn[] = bundleCustomers(bundle).flatMap(({ customer }) =>
    customer.users.flatMap((u) =>
      u.password === undefined
        ? []
        : [
            {
              email: u.email,
              password: u.password,
              admin: u.admin === true,
              customer: customer.customer,
            },
          ],
    ),
  );
  // Demo agents carry their secret in the file, so the banner can show how to start one.
  const agents = bundleCustomers(bundle).flatMap(({ customer }) =>
    customer.agent_groups.flatMap((g) =>
      g.agents.flatMap((a) =>
        a.agent_id && a.secret ? [{ name: a.name, agentId: a.agent_id, secret: a.secret }] : [],
      ),
    ),
  );
  return { loaded: empty, signIns, agents };
}
