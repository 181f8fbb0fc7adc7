import { describe, expect, it } from "vitest";
import { type Busy, ScriptTurns, type TurnLimits, busyRefusal } from "./script-turns.ts";

// The PostgreSQL runner's fairness (docs/metadata-sql.md "Fairness on PostgreSQL").

const limits = (owner: string, over: Partial<TurnLimits> = {}): TurnLimits => ({
  owner,
  perUser: 2,
  queueMs: 50,
  executors: 4,
  timeoutMs: 8000,
  ...over,
});

/** A script that runs until `end()` is called. */
function held() {
  let end!: () => void;
  const done = new Promise<string>((r) => {
    end = () => r("done");
  });
  return { work: () => done, end };
}

describe("ScriptTurns", () => {
  it("runs at most perUser scripts of one owner; the next is refused after the queue wait", async () => {
    const turns = new ScriptTurns();
    const a = held();
    const b = held();
    const first = turns.run(limits("ann"), a.work);
    const second = turns.run(limits("ann"), b.work);
    const third = (await turns.run(limits("ann"), async () => "ran")) as Busy;
    expect(third.ownerAtCap).toBe(true);
    // Seconds until the first of ann's scripts reaches its 8 s time limit.
    expect(third.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(third.retryAfterSeconds).toBeLessThanOrEqual(8);
    // Another owner passes at once.
    expect(await turns.run(limits("bob"), async () => "bob ran")).toBe("bob ran");
    a.end();
    b.end();
    expect(await Promise.all([first, second])).toEqual(["done", "done"]);
  });

  it("lets a waiting script run when a turn frees within the queue wait, in order", async () => {
    const turns = new ScriptTurns();
    const a = held();
    const order: string[] = [];
    const first = turns.run(limits("ann", { perUser: 1, queueMs: 5000 }), a.work);
    const second = turns.run(limits("ann", { perUser: 1, queueMs: 5000 }), async () => {
      order.push("second");
      return "second";
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    a.end();
    expect(await Promise.all([first, second])).toEqual(["done", "second"]);
  });

  it("caps all owners together at executors, and frees the turn when a script fails", async () => {
    const turns = new ScriptTurns();
    const a = held();
    const first = turns.run(limits("ann", { executors: 1 }), a.work);
    expect(await turns.run(limits("bob", { executors: 1 }), async () => "x")).toMatchObject({
      ownerAtCap: false,
    });
    a.end();
    await first;
    await expect(
      turns.run(limits("bob", { executors: 1 }), async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await turns.run(limits("bob", { executors: 1 }), async () => "free")).toBe("free");
  });

  it("answers the executor pool's 429 texts", () => {
    const mine = busyRefusal({ retryAfterSeconds: 3, ownerAtCap: true }, 2);
    expect(mine.code).toBe(429);
    expect(mine.message).toBe(
      "You are running 2 metadata statements at once already; try again when one has finished",
    );
    expect(mine.headers["Retry-After"]).toBe("3");
    expect(busyRefusal({ retryAfterSeconds: 1, ownerAtCap: false }, 2).message).toBe(
      "Every metadata statement executor is busy; try again shortly",
    );
  });
});
