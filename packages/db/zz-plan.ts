import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
const orig = Database.prototype.prepare;
const texts: string[] = [];
Database.prototype.prepare = function (this: Database.Database, s: string) { texts.push(s); return orig.call(this, s); } as never;
const { openStore, findInstanceDetailForToken, findInstanceDetailAccess } = await import("./src/index.ts");
const dir = join(tmpdir(), `zz-plan-${process.pid}`); mkdirSync(dir, { recursive: true });
const db = await openStore({ kind: "sqlite", file: join(dir, "x.db") });
await findInstanceDetailForToken(db, { userId: 1, jti: "x", nowSeconds: 1 }, 1);
await findInstanceDetailAccess(db, 1, 1, 1);
const raw = (db as unknown as { $client: Database.Database }).$client;
for (const t of texts.slice(-2)) { console.log(t, "\n"); for (const r of raw.prepare(`explain query plan ${t}`).all(...Array.from({ length: (t.match(/\?/g) ?? []).length }, () => 1)).slice(0,40) as {detail:string}[]) console.log("  ", r.detail); }
