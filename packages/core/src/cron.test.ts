import { describe, expect, it } from "vitest";
import { cronMatches, parseCron } from "./cron.ts";

const at = (iso: string) => new Date(iso);

describe("parseCron", () => {
  it("matches plain fields, lists, ranges and steps (UTC)", () => {
    const every15 = parseCron("*/15 * * * *");
    expect(cronMatches(every15, at("2026-11-26T10:30:00Z"))).toBe(true);
    expect(cronMatches(every15, at("2026-11-26T10:31:00Z"))).toBe(false);
    const nightly = parseCron("30 2 * * 1-5");
    expect(cronMatches(nightly, at("2026-11-26T02:30:00Z"))).toBe(true); // a Thursday
    expect(cronMatches(nightly, at("2026-11-29T02:30:00Z"))).toBe(false); // a Sunday
    const list = parseCron("0 8,12,18 1 JAN,jul *");
    expect(cronMatches(list, at("2026-07-01T12:00:00Z"))).toBe(true);
    expect(cronMatches(list, at("2026-08-01T12:00:00Z"))).toBe(false);
    expect(cronMatches(parseCron("0 0 * * sun"), at("2026-11-29T00:00:00Z"))).toBe(true);
    expect(cronMatches(parseCron("0 0 * * 7"), at("2026-11-29T00:00:00Z"))).toBe(true);
    expect(cronMatches(parseCron("10-20/5 * * * *"), at("2026-11-26T00:15:00Z"))).toBe(true);
  });

  it("fires when either day field matches if both are restricted (as cron does)", () => {
    const c = parseCron("0 0 13 * 5");
    expect(cronMatches(c, at("2026-11-13T00:00:00Z"))).toBe(true); // the 13th, a Friday
    expect(cronMatches(c, at("2026-11-20T00:00:00Z"))).toBe(true); // a Friday
    expect(cronMatches(c, at("2026-11-14T00:00:00Z"))).toBe(false);
  });

  it("refuses malformed expressions, naming what is wrong", () => {
    expect(() => parseCron("* * * *")).toThrow(
      "must have 5 fields (minute hour day month weekday), found 4",
    );
    expect(() => parseCron("61 * * * *")).toThrow("minute: 61 is outside 0-59");
    expect(() => parseCron("* 5-2 * * *")).toThrow("hour: the range 5-2 runs backwards");
    expect(() => parseCron("*/0 * * * *")).toThrow("minute: the step must be at least 1");
    expect(() => parseCron("* * * FOO *")).toThrow("month: 'FOO' is not a number or a name");
    expect(() => parseCron("@daily")).toThrow("must have 5 fields");
  });
});
