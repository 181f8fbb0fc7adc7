import { describe, expect, it } from "vitest";
import {
  SERVER_LINE_RESERVE,
  neutraliseLogLine,
  placeLogLine,
  serverLine,
  truncationLine,
} from "./run-log.ts";

describe("run log lines", () => {
  it("shows every line break and control character as an escape, TAB and text as they are", () => {
    expect(neutraliseLogLine("a\r\nb\nc\rd")).toBe("a\\r\\nb\\nc\\rd");
    expect(neutraliseLogLine("x\u0000y\u001b[31mz\u007f")).toBe("x\\x00y\\x1b[31mz\\x7f");
    expect(neutraliseLogLine("n\u0085l\u2028s\u2029p")).toBe("n\\x85l\\u2028s\\u2029p");
    expect(neutraliseLogLine("col\tC:\\dir é ✓")).toBe("col\tC:\\dir é ✓");
  });

  it("appends while the line and a truncation line fit, then gives the truncation line", () => {
    const max = 2048;
    const room = max - SERVER_LINE_RESERVE - Buffer.byteLength(truncationLine(max)) - 1;
    expect(placeLogLine(0, "x".repeat(room - 1), max)).toEqual({
      append: "x".repeat(room - 1),
      truncated: false,
    });
    expect(placeLogLine(1, "x".repeat(room - 1), max)).toEqual({
      append: truncationLine(max),
      truncated: true,
    });
  });

  it("clips a server line to the reserve", () => {
    expect(serverLine("FAILED: short")).toBe("FAILED: short");
    const long = serverLine(`FAILED: ${"é".repeat(1000)}`);
    expect(Buffer.byteLength(long) + 1).toBeLessThanOrEqual(SERVER_LINE_RESERVE);
    expect(long.endsWith("…")).toBe(true);
  });
});
