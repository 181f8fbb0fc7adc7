import type { Principal } from "@metabuild/core";
import type { Db } from "@metabuild/db";
import type { Clock } from "../../infra/clock.ts";
import type { InstanceWriter } from "../instances/writer.ts";
import { BundleError } from "./parse.ts";

export type EntryPath = (string | number)[];

/** Credentials generated for agents the bundle names without them: shown once, stored hashed. */
export interface GeneratedAgent {
  customer: string;
  group: string;
  name: string;
  agent_id?: string;
  secret?: string;
}

export interface ImportSummary {
  customers: string[];
  instances: { INSERTED: number; UPDATED: number; UNCHANGED: number; SKIPPED: number };
  generatedAgents: GeneratedAgent[];
}

/** The admin who applies a bundle over HTTP: users then obey the admin pages' rules (docs/bundles.md). */
export interface ActingAdmin {
  principal: Principal;
  passwordMinLength: number;
}

/** What every import step works with: one customer of the bundle, inside the import's transaction. */
export interface ImportContext {
  db: Db;
  writer: InstanceWriter;
  clock: Clock;
  customerId: number;
  customerName: string;
  /** Path of the customer inside the file (empty for the top-level form). */
  base: EntryPath;
  summary: ImportSummary;
  /** Over HTTP; absent for the host's CLI. */
  actingAdmin?: ActingAdmin;
  /** Called after each instance: progress, and where a long import may commit (docs/operations.md). */
  afterInstance?: () => void;
}

/** Throws when a list names the same key twice: the second entry would silently win. */
export function rejectDuplicates<T>(
  items: readonly T[],
  key: (item: T) => string,
  path: EntryPath,
  what: string,
): void {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const k = key(item);
    const first = seen.get(k);
    if (first !== undefined)
      throw new BundleError([...path, i], `duplicate ${what} '${k}' (first given at [${first}])`);
    seen.set(k, i);
  });
}
