import { afterAll, describe, expect, it } from "vitest";
import { ExecutorPool } from "./executor-pool.ts";

// Issue 26: warm executors (~100 MiB each) stayed for good on an idle server.
const pool = new ExecutorPool();
afterAll(() => pool.close());

const alive = (pid: number) => {
  try {
    return process.kill(pid, 0);
  } catch {
    return false;
  }
};

describe("SQL executors left idle", () => {
  it("end after the idle time, the warm ones too, all but one", async () => {
    pool.warm(2, 300);
    const pids = pool.pids;
    expect(pids).toHaveLength(2);
    // Waits for the condition, never a fixed time: children start slowly on a busy machine.
    await expect.poll(() => pids.filter(alive).length, { timeout: 90_000, interval: 50 }).toBe(1);
    // The one kept answers the next statement without a start.
    expect(pool.pids).toHaveLength(1);
  }, 120_000);
});
