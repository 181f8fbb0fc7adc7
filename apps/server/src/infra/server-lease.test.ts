import { hostname } from "node:os";
import { type ServerLease, claimServerLease, findServerLease, openDatabase } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import { LeaseHeld, holderRuns, processStartOf, takeServerLease } from "./server-lease.ts";

// The rules of docs/scale-out.md "One server per SQLite store"; server-lease.test.ts
// (one folder up) runs them with real server processes.

const silent = { info() {}, warn() {}, error() {} };
const NOW = 1_800_000_000_000;

function held(over: Partial<ServerLease> = {}): ServerLease {
  return {
    holder: "other-run",
    pid: 4242,
    host: "web-2",
    processStart: "boot:100",
    since: NOW - 60_000,
    heartbeatAt: NOW - 1_000,
    ...over,
  };
}

const check = (startOf: (pid: number) => string | undefined = () => undefined) => ({
  now: NOW,
  staleMs: 30_000,
  host: "web-1",
  startOf,
});

describe("holderRuns", () => {
  it("trusts another host's lease while its heartbeat is younger than the stale bound", () => {
    expect(holderRuns(held(), check())).toBe(true);
    expect(holderRuns(held({ heartbeatAt: NOW - 30_001 }), check())).toBe(false);
  });

  it("on this host, passes over a holder whose pid no longer runs, or runs another process", () => {
    const here = { host: "web-1" };
    expect(
      holderRuns(
        held(here),
        check(() => "boot:100"),
      ),
    ).toBe(true);
    expect(
      holderRuns(
        held(here),
        check(() => undefined),
      ),
    ).toBe(false);
    // The pid was reused after a restart (a container's pid 1, say).
    expect(
      holderRuns(
        held(here),
        check(() => "boot:999"),
      ),
    ).toBe(false);
    expect(
      holderRuns(
        held({ ...here, heartbeatAt: NOW - 31_000 }),
        check(() => "boot:100"),
      ),
    ).toBe(false);
  });

  it("knows this process and no process for a pid that does not run", () => {
    expect(processStartOf(process.pid)).toBe(processStartOf(process.pid));
    expect(processStartOf(process.pid)).not.toBeUndefined();
    expect(processStartOf(2 ** 22 + 1)).toBeUndefined();
  });
});

describe("takeServerLease", () => {
  it("refuses a live holder with a message naming it and what to do", async () => {
    const db = openDatabase(":memory:");
    const other = held({ heartbeatAt: Date.now() });
    expect(await claimServerLease(db, other)).toBe(true);
    const taking = takeServerLease(db, {
      store: "s.db",
      staleMs: 30_000,
      logger: silent,
      lost() {},
    });
    await expect(taking).rejects.toBeInstanceOf(LeaseHeld);
    await expect(taking).rejects.toThrow(
      `Another metabuild server uses the store s.db (pid 4242 on host web-2, since ${new Date(other.since).toISOString()})`,
    );
    await expect(taking).rejects.toThrow("METABUILD_SERVER_LEASE_STALE (30 s)");
    expect((await findServerLease(db))?.holder).toBe("other-run");
  });

  it("takes a lease gone stale, and gives it up on release", async () => {
    const db = openDatabase(":memory:");
    await claimServerLease(db, held({ heartbeatAt: Date.now() - 60_000 }));
    const lease = await takeServerLease(db, {
      store: "s.db",
      staleMs: 30_000,
      logger: silent,
      lost() {},
    });
    expect(await findServerLease(db)).toMatchObject({ pid: process.pid, host: hostname() });
    await lease.release();
    expect(await findServerLease(db)).toBeUndefined();
  });

  it("tells the holder when another process took the lease, and then leaves it alone", async () => {
    const db = openDatabase(":memory:");
    let told = "";
    const lease = await takeServerLease(db, {
      store: "s.db",
      staleMs: 500,
      logger: silent,
      lost: (message) => {
        told = message;
      },
    });
    // Another server found this one stale (it was stopped longer than the bound) and took over.
    const current = await findServerLease(db);
    expect(await claimServerLease(db, held({ heartbeatAt: Date.now() }), current)).toBe(true);
    const deadline = Date.now() + 10_000;
    while (!told && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(told).toContain("Another server took this store's lease (pid 4242 on host web-2");
    await lease.release();
    expect((await findServerLease(db))?.holder).toBe("other-run");
  });
});
