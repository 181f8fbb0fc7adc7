import { afterAll, inject } from "vitest";
import { dropPostgresHandles } from "./postgres-handles.ts";
import { sharedCluster } from "./shared-cluster.ts";

// setupFiles of the `postgres` Vitest projects (docs/stores.md "Tests"):
// the run's cluster is up before the file's tests make their stores.
const cluster = await sharedCluster(inject("metabuildPostgresRun"));
process.env.METABUILD_TEST_PG_CLUSTER = cluster.url;
process.env.METABUILD_TEST_STORE = "postgres";
afterAll(dropPostgresHandles, 60_000);
