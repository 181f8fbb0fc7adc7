import { openDatabase } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import { LoginThrottle, clientKey } from "./login-throttle.ts";

function throttle(maxRows = 100_000, perEmail = 50) {
  let now = 1_000_000;
  const t = new LoginThrottle(
    openDatabase(":memory:"),
    { perEmailAndClient: 3, perClient: 5, perEmail, windowMs: 60_000, maxRows },
    () => now,
  );
  return { t, advance: (ms: number) => (now += ms) };
}

describe("LoginThrottle", () => {
  it("allows attempts until the per-(e-mail, client) limit, then says how long to wait", async () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 3; i++) {
      expect(await t.retryAfter("ann", "1.2.3.4")).toBe(0);
      await t.fail("ann", "1.2.3.4");
      advance(1000);
    }
    expect(await t.retryAfter("ann", "1.2.3.4")).toBe(57);
    // The same e-mail from elsewhere, and the same client for another e-mail, may go on.
    expect(await t.retryAfter("ann", "5.6.7.8")).toBe(0);
    expect(await t.retryAfter("bob", "1.2.3.4")).toBe(0);
    advance(57_000);
    expect(await t.retryAfter("ann", "1.2.3.4")).toBe(0);
  });

  it("limits one client address across e-mails", async () => {
    const { t } = throttle();
    for (let i = 0; i < 5; i++) await t.fail(`user${i}`, "1.2.3.4");
    expect(await t.retryAfter("someone-else", "1.2.3.4")).toBeGreaterThan(0);
    expect(await t.retryAfter("someone-else", "9.9.9.9")).toBe(0);
  });

  it("past the per-e-mail brake, gives each client one try per window for that e-mail", async () => {
    const { t, advance } = throttle(10_000, 6);
    await t.fail("ann", "10.0.0.9");
    advance(10_000);
    for (const client of ["10.0.0.1", "10.0.0.2"])
      for (let i = 0; i < 3; i++) await t.fail("ann", client);
    // 7 failures >= 6: a client with a failure for ann waits until it leaves the window
    // (or until ann's failures drop below the brake, if that comes first).
    expect(await t.retryAfter("ann", "10.0.0.9")).toBe(50);
    expect(await t.retryAfter("ann", "10.0.0.1")).toBe(60);
    // A client without one may try, once.
    expect(await t.retryAfter("ann", "10.0.0.7")).toBe(0);
    await t.fail("ann", "10.0.0.7");
    expect(await t.retryAfter("ann", "10.0.0.7")).toBe(60);
    expect(await t.retryAfter("bob", "10.0.0.7")).toBe(0);
    advance(50_000);
    // The oldest failure left: 7 remain, still braked, but 10.0.0.9 has none left.
    expect(await t.retryAfter("ann", "10.0.0.9")).toBe(0);
    expect(await t.retryAfter("ann", "10.0.0.2")).toBe(10);
  });

  it("forgets the failures of an (e-mail, client) pair after a success from it", async () => {
    const { t } = throttle();
    for (let i = 0; i < 3; i++) await t.fail("ann", "10.0.0.1");
    await t.succeed("ann", "10.0.0.1");
    expect(await t.retryAfter("ann", "10.0.0.1")).toBe(0);
  });

  it("counts an IPv6 /64 as one client, and an IPv4-mapped address as its IPv4 one", async () => {
    expect(clientKey("2001:db8:1:2::1")).toBe(clientKey("2001:0db8:0001:0002:ffff:0:0:9"));
    expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db8:1:3::1"));
    expect(clientKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientKey("192.0.2.1")).toBe("192.0.2.1");
    expect(clientKey("unknown")).toBe("unknown");
    const { t } = throttle();
    for (let i = 0; i < 3; i++) await t.fail("ann", `2001:db8:1:2::${i + 1}`);
    expect(await t.retryAfter("ann", "2001:db8:1:2:abcd::7")).toBeGreaterThan(0);
  });

  it("keeps the store bounded when failures come for ever new e-mails", async () => {
    const { t, advance } = throttle(100);
    for (let i = 0; i < 1000; i++) {
      await t.fail(`spray${i}@x.test`, `10.0.${i % 250}.1`);
      advance(10);
    }
    expect(await t.rows()).toBeLessThanOrEqual(100);
    advance(120_000);
    await t.fail("late@x.test", "10.9.9.9");
    // Everything older than the window went with the next failure: only the late one is left.
    expect(await t.rows()).toBe(1);
  });
});
