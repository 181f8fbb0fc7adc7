import { createHash, randomBytes } from "node:crypto";
import type {
  ApiToken,
  ApiTokenCreate,
  ApiTokenCreated,
  TokenPermissionName,
} from "@metabuild/contract";
import {
  API_TOKEN_PREFIX,
  BadRequest,
  Forbidden,
  NotAuthenticated,
  NotFound,
  type Principal,
  effectiveTokenPermissions,
  messages,
  orderedTokenPermissions,
  permissionsBeyondOwner,
} from "@metabuild/core";
import {
  type ApiTokenHolder,
  type ApiTokenRow,
  type Db,
  deleteApiToken,
  findApiToken,
  findApiTokenHolder,
  insertApiToken,
  listApiTokens,
  listUserGrants,
  noteApiTokenUse,
  transaction,
} from "@metabuild/db";
import type { Clock } from "../infra/clock.ts";
import type { AccessService } from "./access.ts";
import { recordAudit } from "./audit.ts";
import type { VerifiedToken } from "./auth.ts";

/** A use is noted (last use, audit log) at most this often per token (docs/identity.md). */
const USE_NOTE_INTERVAL_MS = 60_000;
const DAY_MS = 86_400_000;

/** The stored form of a token's text: only its SHA-256 hash is kept. */
export function apiTokenHash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * API tokens for pipelines (docs/identity.md): created once with their
 * text, stored hashed, checked against the store on every request, so a
 * revocation or a grant the owner lost counts at once in every process.
 */
export class ApiTokenService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly clock: Clock,
    private readonly maxDays: number,
  ) {}

  /** POST /api/console/tokens: answers the token's text this once. */
  async create(principal: Principal, input: ApiTokenCreate): Promise<ApiTokenCreated> {
    if (principal.token) throw new Forbidden("An API token cannot create API tokens");
    if (input.service_account && !principal.admin)
      throw new Forbidden("Only administrators may create service-account tokens!");
    if (input.expires_in_days > this.maxDays)
      throw new BadRequest(
        `Invalid 'expires_in_days': at most ${this.maxDays} days (METABUILD_API_TOKEN_MAX_DAYS)`,
      );
    const project = await this.access.resolveProject(principal, { project: input.project });
    const named = orderedTokenPermissions(input.permissions);
    const beyond = permissionsBeyondOwner(named, {
      admin: principal.admin,
      projectPermissions: [...(await this.access.permissionsOn(principal, project.id))],
      customerPermissions: await listUserGrants(this.db, principal.id),
    });
    if (beyond.length > 0)
      throw new Forbidden(
        `A token cannot hold more than its owner: you do not hold ${beyond.join(", ")} on '${project.name}'`,
      );
    const text = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
    const now = this.clock.now().getTime();
    const row = await transaction(this.db, async () => {
      const created = await insertApiToken(this.db, {
        customerId: principal.customerId,
        userId: input.service_account ? null : principal.id,
        createdBy: principal.id,
        name: input.name,
        projectId: project.id,
        permissions: named.join(","),
        tokenHash: apiTokenHash(text),
        expiresAt: new Date(now + input.expires_in_days * DAY_MS).toISOString(),
      });
      await recordAudit(this.db, principal, {
        action: "token.create",
        projectId: project.id,
        target: { kind: "api_token", id: created.id, label: created.name },
        after: {
          permissions: named,
          expires_at: created.expiresAt,
          service_account: created.userId === null,
        },
      });
      return created;
    });
    return {
      ...toApiToken(row, project.name, row.userId === null ? null : principal.email),
      token: text,
    };
  }

  /** Admins see every token of the customer; others their own. Never the text. */
  async list(principal: Principal): Promise<ApiToken[]> {
    if (principal.token) throw new Forbidden("An API token cannot list API tokens");
    const rows = await listApiTokens(
      this.db,
      principal.customerId,
      principal.admin ? undefined : principal.id,
    );
    return rows.map((r) => toApiToken(r, r.projectName, r.ownerEmail));
  }

  /** DELETE /api/console/tokens/:id: the next request with it is refused, in every process. */
  async revoke(principal: Principal, id: number): Promise<void> {
    const row = await findApiToken(this.db, principal.customerId, id);
    // Someone else's token is 404 to a non-admin, as if absent; a token may revoke itself.
    const own = row && (row.userId === principal.id || principal.token?.id === row.id);
    if (!row || !(principal.admin || own)) throw new NotFound(messages.recordNotFound(id));
    await transaction(this.db, async () => {
      await deleteApiToken(this.db, row.id);
      await recordAudit(this.db, principal, {
        action: "token.revoke",
        projectId: row.projectId,
        target: { kind: "api_token", id: row.id, label: row.name },
      });
    });
  }

  /**
   * The principal of a request presenting an API token; 401 when the token
   * is unknown (never issued, or revoked), expired, or its owner disabled.
   */
  async verify(text: string): Promise<VerifiedToken> {
    const holder = await findApiTokenHolder(this.db, apiTokenHash(text));
    const now = this.clock.now();
    if (!holder || holder.token.expiresAt <= now.toISOString() || holder.owner?.disabled === 1)
      throw new NotAuthenticated(messages.notAuthenticated);
    const principal = principalOf(holder);
    await this.noteUse(principal, holder.token, now);
    return {
      principal,
      jti: `api-token-${holder.token.id}`,
      exp: Math.floor(Date.parse(holder.token.expiresAt) / 1000),
    };
  }

  /** Last use and the audit log's `token.use`, at most once a minute per token. */
  private async noteUse(principal: Principal, token: ApiTokenRow, now: Date): Promise<void> {
    const since = new Date(now.getTime() - USE_NOTE_INTERVAL_MS).toISOString();
    if (token.lastUsedAt !== null && token.lastUsedAt >= since) return;
    // Of several processes seeing the same stale time, one conditional update wins.
    if (!(await noteApiTokenUse(this.db, token.id, now.toISOString(), since))) return;
    await recordAudit(this.db, principal, {
      action: "token.use",
      projectId: token.projectId,
      target: { kind: "api_token", id: token.id, label: token.name },
    });
  }
}

function principalOf(holder: ApiTokenHolder): Principal {
  const { token, owner } = holder;
  const named = token.permissions.split(",");
  const permissions = effectiveTokenPermissions(
    named,
    owner && {
      admin: owner.admin === 1,
      projectPermissions: holder.ownerProjectPermissions,
      customerPermissions: holder.ownerCustomerPermissions,
    },
  );
  return {
    // A service-account token acts under its creator's id (the stores' user columns need one).
    id: owner?.id ?? token.createdBy,
    customerId: token.customerId,
    email: owner?.email ?? `service account '${token.name}'`,
    admin: false,
    token: {
      id: token.id,
      name: token.name,
      projectId: token.projectId,
      projectName: holder.project.name,
      permissions,
      serviceAccount: owner === undefined,
    },
  };
}

function toApiToken(row: ApiTokenRow, project: string, owner: string | null): ApiToken {
  return {
    id: row.id,
    name: row.name,
    project,
    project_id: row.projectId,
    permissions: row.permissions.split(",") as TokenPermissionName[],
    owner,
    service_account: row.userId === null,
    created_at: row.createdAt,
    expires_at: row.expiresAt,
    last_used_at: row.lastUsedAt,
  };
}
