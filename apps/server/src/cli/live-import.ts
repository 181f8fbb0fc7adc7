import { type Bundle, bundleCustomers } from "@metabuild/contract";
import { chunkedWrites, tryOnCopy } from "@metabuild/db";
import { type ImportSummary, importBundle } from "../services/bundle/import.ts";
import { InstanceWriter } from "../services/instances/writer.ts";
import type { CliIo, Store } from "./io.ts";

const instanceCount = (bundle: Bundle) =>
  bundleCustomers(bundle).reduce(
    (n, { customer }) => n + customer.projects.reduce((m, p) => m + p.instances.length, 0),
    0,
  );

/**
 * `metabuild import` into a store a server may be writing to
 * (docs/operations.md): the whole bundle is first imported into a private
 * in-memory copy of the store, so a bad entry anywhere is found before
 * anything changes; then it is written in short transactions of at most
 * METABUILD_IMPORT_LOCK_MS each, so the server's writes wait no longer.
 * On PostgreSQL there is no copy: the import is one transaction
 * (docs/stores.md "Import on PostgreSQL").
 */
export async function importLive(store: Store, bundle: Bundle, io: CliIo): Promise<ImportSummary> {
  const total = instanceCount(bundle);
  const counter = (what: string) => {
    let done = 0;
    io.progress?.(what, 0, total);
    return () => io.progress?.(what, ++done, total);
  };
  await tryOnCopy(store.db, async (copy) => {
    await importBundle(
      {
        db: copy,
        clock: store.clock,
        writer: new InstanceWriter(
          copy,
          store.clock,
          store.config.limits,
          store.config.checkoutTtl,
        ),
      },
      bundle,
      { afterInstance: counter("Checking instances") },
    );
  });
  const writes = chunkedWrites(store.db, store.config.importLockMs);
  const tick = counter("Importing instances");
  try {
    return await importBundle(store, bundle, {
      inTransaction: (fn) => writes.run(fn),
      afterInstance: () => {
        tick();
        writes.checkpoint();
      },
    });
  } catch (err) {
    if (writes.committed() === 0) throw err;
    // The bundle passed on the copy, so the store changed meanwhile; an import is an upsert.
    throw new PartlyImported((err as Error).message);
  }
}

/** The store changed between the check and the writing; some chunks are in. */
export class PartlyImported extends Error {}
