import { randomBytes, randomUUID } from "node:crypto";
import type { BundleAgentGroup, BundleUser } from "@metabuild/contract";
import { type Principal, messages, passwordProblem } from "@metabuild/core";
import {
  type Db,
  type UserRow,
  bundleTables as t,
  findAgentByName,
  findAgentByUuid,
  findProjectByName,
  findUserByEmail,
  findUserById,
  replaceGrants,
  upsertByKey,
} from "@metabuild/db";
import bcrypt from "bcryptjs";
import { hashPassword } from "../auth.ts";
import { recordPasswordSet, recordUserUpdated, refusalOfUserChange } from "../user-changes.ts";
import { type EntryPath, type ImportContext, rejectDuplicates } from "./context.ts";
import { BundleError } from "./parse.ts";

/**
 * The hash to store for a secret given in plain text or as a hash: the stored
 * one when it already matches (so a second import changes nothing), a fresh
 * bcrypt hash (cost 10) otherwise.
 */
function secretHash(
  plain: string | undefined,
  hash: string | undefined,
  stored: string | undefined,
  path: EntryPath,
  what: string,
): string | undefined {
  if (plain !== undefined && hash !== undefined)
    throw new BundleError(path, `give either '${what}' or '${what}_hash', not both`);
  if (hash !== undefined) return hash;
  if (plain === undefined) return stored;
  if (stored !== undefined && bcrypt.compareSync(plain, stored)) return stored;
  return hashPassword(plain);
}

/**
 * Users of the customer (grants come later, once the projects exist). Every
 * import keeps the customer an enabled admin; over HTTP, where an admin
 * applies the bundle, users also obey the admin pages' other rules and get
 * their audit events (services/user-changes.ts, docs/bundles.md).
 */
export async function importUsers(ctx: ImportContext, users: readonly BundleUser[]): Promise<void> {
  const path = [...ctx.base, "users"];
  rejectDuplicates(users, (u) => u.email, path, "user");
  const acting = ctx.actingAdmin;
  for (const [i, u] of users.entries()) {
    const at = [...path, i];
    const existing = await findUserByEmail(ctx.db, u.email);
    // E-mails are unique across customers: the admin pages' neutral text, whoever holds it.
    if (existing && existing.customerId !== ctx.customerId)
      throw new BundleError([...at, "email"], messages.emailUnavailable(u.email));
    if (acting && u.password !== undefined) {
      const problem = passwordProblem(u.password, acting.passwordMinLength);
      if (problem) throw new BundleError([...at, "password"], problem);
    }
    const change = { admin: u.admin, disabled: u.disabled };
    const refusal =
      existing && (await refusalOfUserChange(ctx.db, existing, change, acting?.principal.id));
    if (refusal) throw new BundleError([...at, refusal.field], refusal.message);
    const passwordHash = secretHash(
      u.password,
      u.password_hash,
      existing?.passwordHash,
      at,
      "password",
    );
    if (passwordHash === undefined)
      throw new BundleError([...at, "password"], "is required for a new user (or password_hash)");
    const id = await upsertByKey(
      ctx.db,
      t.users,
      { email: u.email },
      {
        customerId: ctx.customerId,
        name: u.name,
        passwordHash,
        admin: u.admin === undefined ? undefined : u.admin ? 1 : 0,
        disabled: u.disabled === undefined ? undefined : u.disabled ? 1 : 0,
      },
    );
    if (acting) await recordUserImport(ctx.db, acting.principal, existing, id);
  }
}

/** The admin pages' events for what the import did to one user. */
async function recordUserImport(
  db: Db,
  actor: Principal,
  before: UserRow | undefined,
  id: number,
): Promise<void> {
  const after = (await findUserById(db, id)) as UserRow;
  if (!before) return await recordPasswordSet(db, actor, after, { created: true, oneTime: false });
  await recordUserUpdated(db, actor, before, after);
  if (after.passwordHash !== before.passwordHash)
    await recordPasswordSet(db, actor, after, { created: false, oneTime: false });
}

/** Each listed (user, project) gets exactly the listed permissions; other projects keep theirs. */
export async function importGrants(
  ctx: ImportContext,
  users: readonly BundleUser[],
): Promise<void> {
  for (const [i, u] of users.entries()) {
    const user = await findUserByEmail(ctx.db, u.email);
    if (!user) continue;
    const path = [...ctx.base, "users", i, "grants"];
    rejectDuplicates(u.grants, (g) => g.project, path, "grant for project");
    for (const [j, g] of u.grants.entries()) {
      const project = await findProjectByName(ctx.db, ctx.customerId, g.project);
      if (!project)
        throw new BundleError([...path, j, "project"], `unknown project '${g.project}'`);
      await replaceGrants(ctx.db, user.id, project.id, [...new Set(g.permissions)]);
    }
  }
}

/** Agent groups and their agents, keyed by name; missing ids and secrets are generated and reported. */
export async function importAgentGroups(
  ctx: ImportContext,
  groups: readonly BundleAgentGroup[],
): Promise<void> {
  const path = [...ctx.base, "agent_groups"];
  rejectDuplicates(groups, (g) => g.name, path, "agent group");
  // Agent names are unique in the customer, across groups: name both entries by their own path.
  const firstAgent = new Map<string, string>();
  groups.forEach((g, i) => {
    g.agents.forEach((a, j) => {
      const first = firstAgent.get(a.name);
      if (first !== undefined)
        throw new BundleError(
          [...path, i, "agents", j],
          `duplicate agent '${a.name}' (first given at ${first})`,
        );
      firstAgent.set(a.name, `agent_groups[${i}].agents[${j}]`);
    });
  });
  for (const [i, g] of groups.entries()) {
    const groupId = await upsertByKey(
      ctx.db,
      t.agentGroups,
      { customerId: ctx.customerId, name: g.name },
      { description: g.description },
    );
    for (const [j, a] of g.agents.entries()) {
      const at = [...path, i, "agents", j];
      const existing = await findAgentByName(ctx.db, ctx.customerId, a.name);
      await refuseHeldAgentId(ctx, a.agent_id, existing?.id, at);
      const generated: { agent_id?: string; secret?: string } = {};
      let agentId = a.agent_id ?? existing?.agentId;
      if (agentId === undefined) {
        agentId = randomUUID();
        generated.agent_id = agentId;
      }
      let plain = a.secret;
      if (plain === undefined && a.secret_hash === undefined && !existing) {
        plain = randomBytes(24).toString("base64url");
        generated.secret = plain;
      }
      const hash = secretHash(plain, a.secret_hash, existing?.secretHash, at, "secret") as string;
      await upsertByKey(
        ctx.db,
        t.agents,
        { customerId: ctx.customerId, name: a.name },
        {
          agentId,
          secretHash: hash,
          groupId,
          disabled: a.disabled === undefined ? undefined : a.disabled ? 1 : 0,
        },
      );
      if (generated.agent_id || generated.secret)
        ctx.summary.generatedAgents.push({
          customer: ctx.customerName,
          group: g.name,
          name: a.name,
          ...generated,
        });
    }
  }
}

/**
 * An agent id is unique across customers: one held by another agent, of this
 * customer or any other, gets the same neutral refusal (never the store's
 * constraint text, which would tell that the id exists elsewhere).
 */
async function refuseHeldAgentId(
  ctx: ImportContext,
  agentId: string | undefined,
  ownId: number | undefined,
  at: EntryPath,
): Promise<void> {
  if (agentId === undefined) return;
  const holder = await findAgentByUuid(ctx.db, agentId);
  if (holder && holder.id !== ownId)
    throw new BundleError(
      [...at, "agent_id"],
      "cannot be used for this agent; leave it out to have one generated",
    );
}
