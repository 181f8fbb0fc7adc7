import { openDatabase, postgresHandle } from "@metabuild/db";
import { type TestPostgresStore, testPostgresStore } from "@metabuild/db/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { relayEvents } from "./event-relay.ts";
import { type AppEvent, EventBus, serverStopping } from "./events.ts";
import { WAIT } from "../testing/wait.ts";

// Events between server processes of one PostgreSQL store (docs/scale-out.md "Events").
const silent = { info() {}, warn() {}, error() {} };
const progress: AppEvent = {
  type: "build.progress",
  customerId: 1,
  projectId: 2,
  build: { id: 7 },
};

describe("event relay on PostgreSQL", () => {
  let store: TestPostgresStore;
  let second: TestPostgresStore["db"];
  beforeAll(async () => {
    store = await testPostgresStore();
    // Another pool on the same database: what a second server process opens.
    const { openPostgres } = await import("@metabuild/db");
    second = await openPostgres(store.url, { migrate: false, maxConnections: 2 });
  }, 120_000);
  afterAll(async () => {
    await second.$client.end();
    await store.close();
  });

  it("brings one process's events to the other's streams, once, and not to its domain listeners", async () => {
    const busA = new EventBus();
    const busB = new EventBus();
    const stopA = await relayEvents(postgresHandle(store.db), busA, silent);
    const stopB = await relayEvents(postgresHandle(second), busB, silent);
    const streamOfB: AppEvent[] = [];
    const domainOfB: AppEvent[] = [];
    const streamOfA: AppEvent[] = [];
    busB.subscribe((e) => streamOfB.push(e), { fromOtherProcesses: true });
    busB.subscribe((e) => domainOfB.push(e));
    busA.subscribe((e) => streamOfA.push(e), { fromOtherProcesses: true });

    busA.publish(progress);
    busA.publish(serverStopping()); // one process stopping does not end the others' streams
    await vi.waitFor(() => expect(streamOfB).toEqual([progress]), WAIT);
    await new Promise((r) => setTimeout(r, 200));
    expect(streamOfB).toEqual([progress]);
    expect(domainOfB).toEqual([]);
    expect(streamOfA.map((e) => e.type)).toEqual(["build.progress", "server.stopping"]);
    await stopA();
    await stopB();
  });
});

describe("event relay on SQLite", () => {
  it("opens nothing: the one server hears its own events only", async () => {
    const bus = new EventBus();
    const heard: AppEvent[] = [];
    bus.subscribe((e) => heard.push(e), { fromOtherProcesses: true });
    const stop = await relayEvents(openDatabase(":memory:"), bus, silent);
    bus.publish(progress);
    expect(heard).toEqual([progress]);
    await stop();
  });
});
