import { describe, expect, it } from "vitest";
import { nextPlanMove } from "./deployment-plan.ts";

const step = (position: number, run: string | null, status = "PENDING") => ({
  position,
  run,
  status,
});

describe("nextPlanMove", () => {
  it("starts the first step, then each next one only after the previous SUCCEEDED", () => {
    expect(nextPlanMove([step(1, null), step(2, null)])).toEqual({ kind: "start", position: 1 });
    expect(nextPlanMove([step(1, "QUEUED"), step(2, null)])).toEqual({ kind: "wait" });
    expect(nextPlanMove([step(1, "RUNNING"), step(2, null)])).toEqual({ kind: "wait" });
    expect(nextPlanMove([step(2, null), step(1, "SUCCEEDED")])).toEqual({
      kind: "start",
      position: 2,
    });
    expect(nextPlanMove([step(1, "SUCCEEDED"), step(2, "SUCCEEDED")])).toEqual({
      kind: "succeeded",
    });
  });

  it("stops at the first failure, whether the run failed or the step could not start", () => {
    expect(nextPlanMove([step(1, "SUCCEEDED"), step(2, "FAILED"), step(3, null)])).toEqual({
      kind: "failed",
      position: 2,
    });
    expect(nextPlanMove([step(1, "SUCCEEDED"), step(2, null, "FAILED"), step(3, null)])).toEqual({
      kind: "failed",
      position: 2,
    });
  });
});
