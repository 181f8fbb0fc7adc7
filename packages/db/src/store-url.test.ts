import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDatabaseUrl, redactDatabaseUrl } from "./store-url.ts";

describe("DATABASE_URL (docs/stores.md)", () => {
  it("names a SQLite file by path, :memory: or file: URL", () => {
    expect(parseDatabaseUrl("data/x.db")).toEqual({ kind: "sqlite", file: resolve("data/x.db") });
    expect(parseDatabaseUrl(":memory:")).toEqual({ kind: "sqlite", file: ":memory:" });
    expect(parseDatabaseUrl("file:/tmp/y.db")).toEqual({ kind: "sqlite", file: "/tmp/y.db" });
    expect(parseDatabaseUrl("file:///tmp/z.db")).toEqual({ kind: "sqlite", file: "/tmp/z.db" });
  });

  it("names a PostgreSQL server by postgres:// or postgresql://", () => {
    for (const url of ["postgres://u:p@db:5432/mb", "postgresql://db/mb", "POSTGRES://db/mb"])
      expect(parseDatabaseUrl(url)).toEqual({ kind: "postgres", url });
  });

  it("refuses other schemes by name, and a broken URL without repeating it", () => {
    expect(() => parseDatabaseUrl("mysql://h/x")).toThrow(
      "DATABASE_URL must be a SQLite file path or file: URL, or a postgres:// URL; 'mysql:' URLs are not supported",
    );
    let message = "";
    try {
      parseDatabaseUrl("postgres://u:s3cret@[db/mb");
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toBe("DATABASE_URL is not a valid postgres:// URL");
  });

  it("hides the password of a URL shown in messages and logs", () => {
    expect(redactDatabaseUrl("postgres://mb:s3cret@db:5432/mb")).toBe(
      "postgres://mb:***@db:5432/mb",
    );
    expect(redactDatabaseUrl("postgres://db/mb?user=mb&password=s3cret")).toBe(
      "postgres://db/mb?user=mb&password=***",
    );
    expect(redactDatabaseUrl("postgres://mb@db/mb")).toBe("postgres://mb@db/mb");
    expect(redactDatabaseUrl("postgres://mb:s3cret@[db/mb")).not.toContain("s3cret");
  });
});
