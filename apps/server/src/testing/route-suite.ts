import { beforeEach } from "vitest";
import type { Config } from "../config.ts";
import { type Harness, createHarness, seedBasic } from "./harness.ts";

export type Seed = Awaited<ReturnType<typeof seedBasic>>;

/** The users seedBasic creates, by first name (see seedBasic for their grants). */
const EMAILS = {
  admin: "admin@acme.test",
  ann: "ann@acme.test",
  bob: "bob@acme.test",
  eve: "eve@globex.test",
} as const;
export type SeedUser = keyof typeof EMAILS;

export interface SeededApp<U extends SeedUser, F> {
  h: Harness;
  seed: Seed;
  /** What `fixture` seeded on top of seedBasic. */
  fixture: F;
  tokens: Record<U, string>;
}

export interface SeededAppOptions<U extends SeedUser, F> {
  /** Who signs in; their tokens come back under their first names. */
  users: readonly U[];
  fixture?: (h: Harness, seed: Seed) => F | Promise<F>;
  config?: Partial<Config>;
}

/** A fresh app on seedBasic, a fixture on top, and a token for each named user. */
export async function seededApp<U extends SeedUser, F = undefined>(
  options: SeededAppOptions<U, F>,
): Promise<SeededApp<U, F>> {
  const h = createHarness(options.config);
  const seed = await seedBasic(h.db);
  const fixture = (await options.fixture?.(h, seed)) as F;
  const signedIn = await Promise.all(options.users.map((u) => h.token(EMAILS[u])));
  const tokens = Object.fromEntries(options.users.map((u, i) => [u, signedIn[i]]));
  return { h, seed, fixture, tokens: tokens as Record<U, string> };
}

/**
 * The setup of a route test file: a fresh seededApp before each test, handed
 * to `set` (which assigns the file's variables, as useMetadataApp does).
 */
export function routeSuite<U extends SeedUser, F = undefined>(
  options: SeededAppOptions<U, F>,
  set: (app: SeededApp<U, F>) => void,
): void {
  beforeEach(async () => set(await seededApp(options)));
}
