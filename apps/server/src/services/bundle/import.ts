import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { type Bundle, bundleCustomers } from "@metabuild/contract";
import { AppError } from "@metabuild/core";
import { type Db, bundleTables, transaction, upsertByKey } from "@metabuild/db";
import type { Clock } from "../../infra/clock.ts";
import type { InstanceWriter } from "../instances/writer.ts";
import type { ActingAdmin, ImportContext, ImportSummary } from "./context.ts";
import { importAgentGroups, importGrants, importUsers } from "./import-people.ts";
import { importPatterns, importReleaseGroups } from "./import-patterns.ts";
import { importProjectContents, importProjectRecords } from "./import-projects.ts";
import { BundleError, parseBundle } from "./parse.ts";

export type { GeneratedAgent, ImportSummary } from "./context.ts";

export interface ImportDeps {
  db: Db;
  clock: Clock;
  writer: InstanceWriter;
  /** Over HTTP: the admin applying the bundle (their users' rules and audit events). */
  actingAdmin?: ActingAdmin;
}

/** How an import writes: the CLI's live import splits it (cli/live-import.ts). */
export interface ImportHow {
  /** Runs the whole import; default: one transaction. */
  inTransaction?: (fn: () => Promise<void>) => Promise<void>;
  /** Called after each instance. */
  afterInstance?: () => void;
}

/**
 * Loads a parsed bundle: an upsert keyed by names, all customers in ONE
 * transaction, so a bad entry anywhere leaves the store as it was. Throws
 * BundleError naming the entry's path in the file.
 */
export async function importBundle(
  deps: ImportDeps,
  bundle: Bundle,
  how: ImportHow = {},
): Promise<ImportSummary> {
  const summary: ImportSummary = {
    customers: [],
    instances: { INSERTED: 0, UPDATED: 0, UNCHANGED: 0, SKIPPED: 0 },
    generatedAgents: [],
  };
  const customers = bundleCustomers(bundle);
  // A customer given twice would merge its two entries silently: name the second one.
  const first = new Map<string, string>();
  for (const { customer, path } of customers) {
    const earlier = first.get(customer.customer);
    if (earlier !== undefined)
      throw new BundleError(
        path,
        `duplicate customer '${customer.customer}' (first given at ${earlier})`,
      );
    first.set(customer.customer, path.length ? `[${path[1]}]` : "customer");
  }
  const inTransaction = how.inTransaction ?? (async (fn) => await transaction(deps.db, fn));
  await inTransaction(async () => {
    for (const { customer, path } of customers) {
      const ctx: ImportContext = {
        db: deps.db,
        writer: deps.writer,
        clock: deps.clock,
        customerId: await upsertByKey(deps.db, bundleTables.customers, { name: customer.customer }),
        customerName: customer.customer,
        base: path,
        summary,
        actingAdmin: deps.actingAdmin,
        afterInstance: how.afterInstance,
      };
      try {
        await importReleaseGroups(ctx, customer.release_groups);
        await importUsers(ctx, customer.users);
        await importPatterns(ctx, customer.patterns);
        const projectIds = await importProjectRecords(ctx, customer.projects);
        await importGrants(ctx, customer.users);
        for (const [i, p] of customer.projects.entries()) {
          await importProjectContents(ctx, p, projectIds.get(p.name) as number, [
            ...path,
            "projects",
            i,
          ]);
        }
        await importAgentGroups(ctx, customer.agent_groups);
      } catch (err) {
        if (err instanceof AppError) throw err;
        // A store constraint (e.g. an agent_id already used elsewhere): still name the customer.
        throw new BundleError(
          path.length ? path : ["customer"],
          `could not be imported: ${(err as Error).message}`,
        );
      }
      summary.customers.push(customer.customer);
    }
  });
  return summary;
}

/** Reads, checks and loads a bundle file (YAML, or JSON for `*.json`). */
export async function importBundleFile(deps: ImportDeps, file: string): Promise<ImportSummary> {
  return await importBundle(deps, parseBundle(readFileSync(file, "utf8"), basename(file)));
}
