import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, resolveJwtSecret } from "./config.ts";

const dir = () => mkdtempSync(join(tmpdir(), "metabuild-config-"));
const LONG = "x".repeat(32);

describe("JWT secret (docs/reference/rules.md §2)", () => {
  it("takes METABUILD_JWT_SECRET, refusing one shorter than 32 characters", () => {
    expect(resolveJwtSecret({ METABUILD_JWT_SECRET: LONG }, dir())).toBe(LONG);
    expect(() => resolveJwtSecret({ METABUILD_JWT_SECRET: "short" }, dir())).toThrow(
      /at least 32 characters/,
    );
  });

  it("when unset, generates a random secret once and keeps it in the data directory", () => {
    const d = dir();
    const first = resolveJwtSecret({}, d);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveJwtSecret({}, d)).toBe(first);
    expect(readFileSync(join(d, "jwt-secret"), "utf8")).toBe(first);
    expect(statSync(join(d, "jwt-secret")).mode & 0o077).toBe(0);
    expect(resolveJwtSecret({}, dir())).not.toBe(first);
  });

  it("replaces an empty secret file (an interrupted first start) instead of signing with no key", () => {
    const d = dir();
    writeFileSync(join(d, "jwt-secret"), " \n");
    const secret = resolveJwtSecret({}, d);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(resolveJwtSecret({}, d)).toBe(secret);
  });

  it("refuses a secret file that holds fewer than 32 characters, naming it", () => {
    const d = dir();
    writeFileSync(join(d, "jwt-secret"), "abc");
    expect(() => resolveJwtSecret({}, d)).toThrow(/jwt-secret.*at least 32 characters/);
  });
});

describe("numeric settings", () => {
  it("refuse a lifetime that is not a whole number of seconds", () => {
    const env = { METABUILD_DATA_DIR: dir(), METABUILD_JWT_SECRET: LONG };
    expect(loadConfig({ ...env, METABUILD_TOKEN_TTL: "600" }).tokenTtl).toBe(600);
    expect(loadConfig({ ...env, METABUILD_CHECKOUT_TTL: "60" }).checkoutTtl).toBe(60);
    for (const bad of ["1.5", "-1", "abc", "1e400"])
      expect(() => loadConfig({ ...env, METABUILD_TOKEN_TTL: bad }), bad).toThrow(
        /METABUILD_TOKEN_TTL must be a non-negative whole number/,
      );
  });
});

describe("switches and the store's address", () => {
  const base = () => ({ METABUILD_DATA_DIR: dir(), METABUILD_JWT_SECRET: LONG });

  it("switches take on/off, true/false, 1/0 in any case", () => {
    for (const [raw, on] of [
      ["on", true],
      ["TRUE", true],
      ["1", true],
      ["off", false],
      ["False", false],
      ["0", false],
    ] as const) {
      const c = loadConfig({
        ...base(),
        METABUILD_DEMO: raw,
        METABUILD_SECURE_COOKIES: raw,
        METABUILD_TRUST_PROXY: raw,
      });
      expect([c.demo, c.secureCookies, c.trustProxy], raw).toEqual([on, on, on ? 1 : 0]);
    }
  });

  it("a switch set to anything else is refused, naming it", () => {
    expect(() => loadConfig({ ...base(), METABUILD_SECURE_COOKIES: "yes please" })).toThrow(
      "METABUILD_SECURE_COOKIES must be on or off (also true/false, 1/0), not 'yes please'",
    );
  });

  it("METABUILD_TRUST_PROXY is a number of proxies; on/off stay 1/0 (issue 16 item 6)", () => {
    expect(loadConfig({ ...base(), METABUILD_TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ ...base() }).trustProxy).toBe(0);
    expect(() => loadConfig({ ...base(), METABUILD_TRUST_PROXY: "yes please" })).toThrow(
      "METABUILD_TRUST_PROXY must be a number of proxies (0 = none; also on/off, true/false), not 'yes please'",
    );
  });

  it("DATABASE_URL takes a SQLite path or file: URL and refuses other URLs", () => {
    const d = dir();
    const sqlite = loadConfig({ ...base(), DATABASE_URL: join(d, "x.db") });
    expect(sqlite).toMatchObject({ storeKind: "sqlite", databaseFile: join(d, "x.db") });
    expect(sqlite.postgresUrl).toBe("");
    expect(loadConfig({ ...base(), DATABASE_URL: `file:${d}/y.db` }).databaseFile).toBe(
      join(d, "y.db"),
    );
    expect(loadConfig({ ...base(), DATABASE_URL: `file://${d}/z.db` }).databaseFile).toBe(
      join(d, "z.db"),
    );
    // Issue 17: postgres:// is a store now (the next test); other schemes stay refused.
    for (const url of ["mysql://h/x", "sqlite://x.db", "http:x.db"])
      expect(() => loadConfig({ ...base(), DATABASE_URL: url }), url).toThrow(
        /^DATABASE_URL must be a SQLite file path or file: URL/,
      );
  });

  it("DATABASE_URL postgres:// or postgresql:// selects PostgreSQL (issue 17, docs/stores.md)", () => {
    for (const url of ["postgres://mb:s3cret@db:5432/mb", "postgresql://db/mb"]) {
      const config = loadConfig({ ...base(), DATABASE_URL: url });
      expect(config).toMatchObject({ storeKind: "postgres", postgresUrl: url, databaseFile: "" });
    }
    expect(loadConfig(base()).postgresPoolMax).toBe(10);
    expect(
      loadConfig({ ...base(), DATABASE_URL: "postgres://db/mb", METABUILD_PG_POOL_MAX: "25" })
        .postgresPoolMax,
    ).toBe(25);
    expect(() => loadConfig({ ...base(), METABUILD_PG_POOL_MAX: "0" })).toThrow(
      "METABUILD_PG_POOL_MAX must be at least 1, not '0'",
    );
  });

  it("never repeats a PostgreSQL URL's password in its errors", () => {
    let message = "";
    try {
      loadConfig({ ...base(), DATABASE_URL: "postgres://mb:s3cret@[db:5432/mb" });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toBe("DATABASE_URL is not a valid postgres:// URL");
  });
});

describe("observability settings (docs/observability.md)", () => {
  it("reads METABUILD_LOG_LEVEL (default info), refusing an unknown level by name", () => {
    const base = { METABUILD_DATA_DIR: dir(), METABUILD_JWT_SECRET: LONG };
    expect(loadConfig(base).logLevel).toBe("info");
    expect(loadConfig({ ...base, METABUILD_LOG_LEVEL: "DEBUG" }).logLevel).toBe("debug");
    expect(() => loadConfig({ ...base, METABUILD_LOG_LEVEL: "loud" })).toThrow(
      /METABUILD_LOG_LEVEL/,
    );
  });

  it("reads METABUILD_METRICS_TOKEN (unset: /metrics is open)", () => {
    const base = { METABUILD_DATA_DIR: dir(), METABUILD_JWT_SECRET: LONG };
    expect(loadConfig(base).metricsToken).toBe("");
    expect(loadConfig({ ...base, METABUILD_METRICS_TOKEN: "t0k" }).metricsToken).toBe("t0k");
  });

  it("reads the rendered-output limits (docs/limits.md), at least 1024 bytes each", () => {
    const base = { METABUILD_DATA_DIR: dir(), METABUILD_JWT_SECRET: LONG };
    const defaults = loadConfig(base);
    expect([defaults.renderMaxFileBytes, defaults.renderMaxTotalBytes]).toEqual([
      16 * 1024 * 1024,
      256 * 1024 * 1024,
    ]);
    const set = loadConfig({
      ...base,
      METABUILD_RENDER_MAX_FILE_BYTES: "65536",
      METABUILD_RENDER_MAX_TOTAL_BYTES: "10",
    });
    expect([set.renderMaxFileBytes, set.renderMaxTotalBytes]).toEqual([65536, 1024]);
    expect(() => loadConfig({ ...base, METABUILD_RENDER_MAX_FILE_BYTES: "16M" })).toThrow(
      /METABUILD_RENDER_MAX_FILE_BYTES/,
    );
  });
});
