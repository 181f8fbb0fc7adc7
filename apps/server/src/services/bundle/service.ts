import {
  type Bundle,
  type BundleCustomer,
  type BundlePlan,
  bundleCustomers,
  bundlePath,
} from "@metabuild/contract";
import { Forbidden, type Principal } from "@metabuild/core";
import { type Db, findCustomerById, findCustomerByName, transaction } from "@metabuild/db";
import type { Clock } from "../../infra/clock.ts";
import type { AccessService } from "../access.ts";
import type { InstanceWriter } from "../instances/writer.ts";
import {
  type ExportScope,
  type ExportedCustomer,
  exportBundleText,
  exportCustomer,
} from "./export.ts";
import { importBundle } from "./import.ts";
import { PLAN_CHANGES_TOTAL, diffCustomer } from "./plan-diff.ts";
import { recordAudit } from "../audit.ts";

export const bundleMessages = {
  adminOnly: "Only administrators may import bundles!",
  exportAdminOnly: "Only administrators may export the whole customer; name a 'project'",
  otherCustomer: (path: string, name: string) =>
    `${path}: the bundle names customer '${name}'; an administrator imports into their own customer only`,
} as const;

/** Thrown inside the import's transaction to undo a dry run. */
const DRY_RUN = Symbol("dry run");

/**
 * Bundles over HTTP (docs/bundles.md, "Over HTTP"): the plan of an import is
 * the customer's export before and after the very import that applies it, in
 * one transaction that a dry run rolls back. So plan and apply cannot diverge.
 */
export class BundleService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly writer: InstanceWriter,
    private readonly access: AccessService,
    private readonly passwordMinLength: number,
  ) {}

  /** Only admins import: checked before the route reads a (possibly large) body. */
  requireImporter(principal: Principal): void {
    if (!principal.admin) throw new Forbidden(bundleMessages.adminOnly);
  }

  /** Imports `bundle` (all or nothing) and answers its plan; `dryRun` writes nothing. */
  async importWithPlan(principal: Principal, bundle: Bundle, dryRun: boolean): Promise<BundlePlan> {
    this.requireImporter(principal);
    const own = await this.customerName(principal);
    const customers = bundleCustomers(bundle);
    for (const { customer, path } of customers)
      if (customer.customer !== own)
        throw new Forbidden(
          bundleMessages.otherCustomer(
            bundlePath(path.length ? path : ["customer"]),
            customer.customer,
          ),
        );
    let plan: BundlePlan | undefined;
    try {
      await transaction(this.db, async () => {
        const before: (ExportedCustomer | undefined)[] = [];
        for (const { customer } of customers) before.push(await this.snapshot(customer));
        const summary = await importBundle(
          {
            db: this.db,
            clock: this.clock,
            writer: this.writer,
            actingAdmin: { principal, passwordMinLength: this.passwordMinLength },
          },
          bundle,
          { inTransaction: (fn) => fn() },
        );
        const budget = { left: PLAN_CHANGES_TOTAL };
        const seen = new Set<string>();
        const planned: ReturnType<typeof diffCustomer>[] = [];
        for (const [i, { customer }] of customers.entries()) {
          if (seen.has(customer.customer)) continue;
          seen.add(customer.customer);
          const after = (await this.snapshot(customer)) as ExportedCustomer;
          planned.push(diffCustomer(before[i], after, budget));
        }
        const i = summary.instances;
        plan = {
          dry_run: dryRun,
          applied: !dryRun,
          customers: planned,
          instances: { inserted: i.INSERTED, updated: i.UPDATED, unchanged: i.UNCHANGED },
          // Generated on a dry run too, but never stored: only an applied import hands them out.
          generated_agents: dryRun ? [] : summary.generatedAgents,
        };
        // One event per applied import, with its counts (docs/audit-log.md); a dry run rolls it back.
        await recordAudit(this.db, principal, {
          action: "bundle.apply",
          target: { kind: "customer", id: principal.customerId, label: own },
          after: {
            instances: plan.instances,
            changes: Object.fromEntries(
              planned.flatMap((c) =>
                c.counts.map((n) => [n.kind, { created: n.created, changed: n.changed }]),
              ),
            ),
          },
        });
        if (dryRun) throw DRY_RUN;
      });
    } catch (err) {
      if (err !== DRY_RUN) throw err;
    }
    return plan as BundlePlan;
  }

  /**
   * A project's bundle (read on the project: release groups, patterns and the
   * project; no users or agents), or without `project` the whole customer's,
   * hashes included (admins only).
   */
  async exportText(
    principal: Principal,
    project?: string,
  ): Promise<{ text: string; fileName: string }> {
    const customer = await this.customerName(principal);
    if (project === undefined) {
      if (!principal.admin) throw new Forbidden(bundleMessages.exportAdminOnly);
      return { text: await exportBundleText(this.db, customer), fileName: fileNameOf(customer) };
    }
    const row = await this.access.resolveProject(principal, { project });
    const scope: ExportScope = { projects: [row.name], people: false };
    return {
      text: await exportBundleText(this.db, customer, "bundle.yaml", undefined, scope),
      fileName: fileNameOf(`${customer}-${row.name}`),
    };
  }

  private async customerName(principal: Principal): Promise<string> {
    return ((await findCustomerById(this.db, principal.customerId)) as { name: string }).name;
  }

  /** What the plan compares: the bundle's projects, all release groups, patterns and people. */
  private async snapshot(customer: BundleCustomer): Promise<ExportedCustomer | undefined> {
    if (!(await findCustomerByName(this.db, customer.customer))) return undefined;
    return await exportCustomer(this.db, customer.customer, undefined, {
      projects: customer.projects.map((p) => p.name),
    });
  }
}

const fileNameOf = (name: string) => `${name.replace(/[^\w.-]+/g, "_")}.bundle.yaml`;
