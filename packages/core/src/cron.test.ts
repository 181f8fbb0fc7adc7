import { describe, expect, it } from "vitest";
import { CronError, cronCheckFires, cronMatches, cronShortestInterval, parseCron } from "./cron.ts";

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

describe("cronCheckFires and cronShortestInterval", () => {
  it("refuses an expression that never fires, naming the day and month", () => {
    expect(() => cronCheckFires(parseCron("0 0 31 2 *"))).toThrow(
      "never fires: no month of 2 has a day 31",
    );
    expect(() => cronCheckFires(parseCron("0 0 30,31 FEB *"))).toThrow(CronError);
    expect(() => cronCheckFires(parseCron("0 0 31 4,6,9,11 *"))).toThrow(CronError);
    // February 29th fires in leap years; a weekday makes any day field fire.
    for (const fires of ["0 0 29 2 *", "0 0 31 2 MON", "0 0 31 1-2 *", "* * * * *"])
      expect(() => cronCheckFires(parseCron(fires))).not.toThrow();
  });

  it("answers the fewest minutes between two fires, midnight included", () => {
    expect(cronShortestInterval(parseCron("* * * * *"))).toBe(1);
    expect(cronShortestInterval(parseCron("*/15 * * * *"))).toBe(15);
    expect(cronShortestInterval(parseCron("0,50 * * * *"))).toBe(10);
    expect(cronShortestInterval(parseCron("30 2 * * *"))).toBe(1440);
    expect(cronShortestInterval(parseCron("0 0,12 * * *"))).toBe(720);
    expect(cronShortestInterval(parseCron("58 23 * * *"))).toBe(1440);
    expect(cronShortestInterval(parseCron("59 23,0 * * *"))).toBe(60);
    expect(cronShortestInterval(parseCron("0,58 0,23 * * *"))).toBe(2);
  });
});
