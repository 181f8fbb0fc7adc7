import { describe, expect, it } from "vitest";
import { LoginThrottle } from "./login-throttle.ts";

function throttle(maxKeys = 10_000) {
  let now = 1_000_000;
  const t = new LoginThrottle({ perEmail: 3, perClient: 5, windowMs: 60_000, maxKeys }, () => now);
  return { t, advance: (ms: number) => (now += ms) };
}

describe("LoginThrottle", () => {
  it("allows attempts until the per-e-mail limit, then says how long to wait", () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 3; i++) {
      expect(t.retryAfter("ann", "1.2.3.4")).toBe(0);
      t.fail("ann", "1.2.3.4");
      advance(1000);
    }
    expect(t.retryAfter("ann", "1.2.3.4")).toBe(57);
    expect(t.retryAfter("bob", "5.6.7.8")).toBe(0);
    advance(57_000);
    expect(t.retryAfter("ann", "1.2.3.4")).toBe(0);
  });

  it("limits one client address across e-mails", () => {
    const { t } = throttle();
    for (let i = 0; i < 5; i++) t.fail(`user${i}`, "1.2.3.4");
    expect(t.retryAfter("someone-else", "1.2.3.4")).toBeGreaterThan(0);
    expect(t.retryAfter("someone-else", "9.9.9.9")).toBe(0);
  });

  it("forgets an e-mail's failures after a success", () => {
    const { t } = throttle();
    for (let i = 0; i < 3; i++) t.fail("ann", `10.0.0.${i}`);
    t.succeed("ann");
    expect(t.retryAfter("ann", "10.0.0.9")).toBe(0);
  });

  it("keeps memory bounded when failures come for ever new e-mails", () => {
    const { t, advance } = throttle(100);
    for (let i = 0; i < 1000; i++) {
      t.fail(`spray${i}@x.test`, `10.0.${i % 250}.1`);
      advance(10);
    }
    expect(t.size).toBeLessThanOrEqual(101);
    advance(120_000);
    t.fail("late@x.test", "10.9.9.9");
    // Everything older than the window went at the next sweep: only the late pair is left.
    expect(t.size).toBe(2);
  });
});
