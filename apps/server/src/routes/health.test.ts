import { closeStore } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import { createHarness } from "../testing/harness.ts";

describe("/health", () => {
  it("stays the liveness probe and names the version and commit", async () => {
    const h = createHarness();
    const res = await h.app.request("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ok",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      commit: expect.any(String),
    });
  });
});

describe("/health/ready", () => {
  it("answers 200 when the store and the workers answer", async () => {
    const h = createHarness();
    const res = await h.app.request("/health/ready");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", checks: { store: "ok", workers: "ok" } });
  });

  it("answers 503 naming the store when it cannot be read", async () => {
    const h = createHarness();
    await closeStore(h.db);
    const res = await h.app.request("/health/ready");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "unavailable", checks: { store: "failed" } });
  });

  it("answers 503 naming the workers once the builds have stopped", async () => {
    const h = createHarness();
    await h.services.stopBuilds();
    const res = await h.app.request("/health/ready");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: "unavailable",
      checks: { store: "ok", workers: "failed" },
    });
  });
});
