import { describe, expect, it } from "vitest";
import { dispositionFilename } from "./api-client.ts";

describe("dispositionFilename", () => {
  it("prefers the exact UTF-8 name of filename*", () => {
    expect(
      dispositionFilename(
        `attachment; filename="Caf_-instances.xlsx"; filename*=UTF-8''Caf%C3%A9-instances.xlsx`,
      ),
    ).toBe("Café-instances.xlsx");
  });

  it("takes the plain filename, quoted or not", () => {
    expect(dispositionFilename('attachment; filename="DWH-instances.xlsx"')).toBe(
      "DWH-instances.xlsx",
    );
    expect(dispositionFilename("attachment; filename=build-7.zip")).toBe("build-7.zip");
  });

  it("answers undefined without a name", () => {
    expect(dispositionFilename(null)).toBeUndefined();
    expect(dispositionFilename("attachment")).toBeUndefined();
  });
});
