import type {
  AdminCustomerGrantSet,
  AdminGrant,
  AdminGrantMatrix,
  AdminGrantSet,
  AdminUser,
  AdminUserCreate,
  AdminUserUpdate,
  AdminUserWithPassword,
  CustomerPermissionName,
  PermissionName,
} from "@metabuild/contract";
import {
  BadRequest,
  checkNameCharacters,
  Conflict,
  Forbidden,
  NotFound,
  type Principal,
  checkNewPassword,
  messages,
} from "@metabuild/core";
import {
  type Db,
  type UserRow,
  findProjectById,
  findUserByEmail,
  findUserById,
  insertUser,
  listGrantableProjects,
  listGrantedPermissions,
  listGrantsOfCustomer,
  listUserGrants,
  listUserGrantsOfCustomer,
  searchUsers,
  setGrant,
  setUserGrant,
  setUserPassword,
  transaction,
  updateUser,
} from "@metabuild/db";
import { recordAudit } from "./audit.ts";
import { generateOneTimePassword, hashPassword } from "./auth.ts";
import { type EventBus, sessionEnded } from "./events.ts";
import {
  recordPasswordSet,
  recordUserUpdated,
  refusalOfUserChange,
  userTarget,
} from "./user-changes.ts";

/** The console's admin pages: users of the caller's customer and their project grants. */
export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly passwordMinLength: number,
  ) {}

  async users(principal: Principal, search?: string): Promise<AdminUser[]> {
    requireAdmin(principal);
    return (await searchUsers(this.db, principal.customerId, search)).map(toAdminUser);
  }

  /** Without a password, a one-time password is generated and answered this once. */
  async addUser(principal: Principal, input: AdminUserCreate): Promise<AdminUserWithPassword> {
    requireAdmin(principal);
    const email = input.email.trim().toLowerCase();
    if (input.name) checkNameCharacters(input.name, "name");
    const password = this.chosenOrGenerated(input.password);
    // E-mails are unique across customers: one neutral text whoever holds it (docs/users-and-access.md).
    if (await findUserByEmail(this.db, email)) throw new Conflict(messages.emailUnavailable(email));
    const passwordHash = hashPassword(password.text);
    return await transaction(this.db, async () => {
      const row = await insertUser(this.db, {
        customerId: principal.customerId,
        email,
        name: input.name || null,
        passwordHash,
        admin: input.admin ?? false,
        mustChangePassword: password.oneTime,
      });
      await recordPasswordSet(this.db, principal, row, {
        created: true,
        oneTime: password.oneTime,
      });
      return withPassword(row, password);
    });
  }

  /** Sets the password an admin chose, or a generated one-time password answered this once. */
  async resetPassword(
    principal: Principal,
    userId: number,
    chosen?: string,
  ): Promise<AdminUserWithPassword> {
    requireAdmin(principal);
    const password = this.chosenOrGenerated(chosen);
    const hash = hashPassword(password.text);
    return await transaction(this.db, async () => {
      const row = await setUserPassword(
        this.db,
        principal.customerId,
        userId,
        hash,
        password.oneTime,
      );
      if (!row) throw new NotFound(messages.recordNotFound(userId));
      await recordPasswordSet(this.db, principal, row, {
        created: false,
        oneTime: password.oneTime,
      });
      return withPassword(row, password);
    });
  }

  /**
   * Disabling takes effect at once: AuthService refuses a disabled user's
   * tokens, and the user's open event streams end. The rules of a user change
   * (services/user-changes.ts) keep every customer an enabled admin.
   */
  async updateUser(
    principal: Principal,
    userId: number,
    change: AdminUserUpdate,
  ): Promise<AdminUser> {
    requireAdmin(principal);
    const name = change.name === undefined ? undefined : change.name || null;
    if (name) checkNameCharacters(name, "name");
    const row = await transaction(this.db, async () => {
      const before = await findUserById(this.db, userId);
      if (!before || before.customerId !== principal.customerId) return undefined;
      const refusal = await refusalOfUserChange(this.db, before, change, principal.id);
      if (refusal) throw new BadRequest(refusal.message);
      const updated = await updateUser(this.db, principal.customerId, userId, { ...change, name });
      if (!updated) return undefined;
      await recordUserUpdated(this.db, principal, before, updated);
      return updated;
    });
    if (!row) throw new NotFound(messages.recordNotFound(userId));
    if (change.disabled) this.events.publish(sessionEnded({ userId }));
    return toAdminUser(row);
  }

  private chosenOrGenerated(chosen: string | undefined) {
    if (chosen === undefined) return { text: generateOneTimePassword(), oneTime: true };
    checkNewPassword("password", chosen, this.passwordMinLength);
    return { text: chosen, oneTime: false };
  }

  async matrix(principal: Principal): Promise<AdminGrantMatrix> {
    requireAdmin(principal);
    return {
      users: await this.users(principal),
      projects: await listGrantableProjects(this.db, principal.customerId),
      grants: (await listGrantsOfCustomer(this.db, principal.customerId)).map((g) => ({
        user_id: g.userId,
        project_id: g.projectId,
        permission: g.permission as PermissionName,
      })),
      customer_grants: (await listUserGrantsOfCustomer(this.db, principal.customerId)).map((g) => ({
        user_id: g.userId,
        permission: g.permission as CustomerPermissionName,
      })),
    };
  }

  /** A customer-wide permission (`develop_patterns`) of one user (docs/identity.md). */
  async setCustomerGrant(
    principal: Principal,
    input: AdminCustomerGrantSet,
  ): Promise<AdminCustomerGrantSet> {
    requireAdmin(principal);
    const user = await findUserById(this.db, input.user_id);
    if (!user || user.customerId !== principal.customerId)
      throw new NotFound(messages.recordNotFound(input.user_id));
    await transaction(this.db, async () => {
      const held = (await listUserGrants(this.db, user.id)).includes(input.permission);
      await setUserGrant(this.db, { userId: user.id, permission: input.permission }, input.granted);
      if (held !== input.granted)
        await recordAudit(this.db, principal, {
          action: "grant.change",
          target: userTarget(user),
          before: { [input.permission]: held },
          after: { [input.permission]: input.granted },
        });
    });
    return input;
  }

  async setGrant(
    principal: Principal,
    input: AdminGrantSet,
  ): Promise<AdminGrant & { granted: boolean }> {
    requireAdmin(principal);
    const user = await findUserById(this.db, input.user_id);
    if (!user || user.customerId !== principal.customerId)
      throw new NotFound(messages.recordNotFound(input.user_id));
    if (!(await findProjectById(this.db, principal.customerId, input.project_id)))
      throw new NotFound(messages.recordNotFound(input.project_id));
    const grant = { userId: user.id, projectId: input.project_id, permission: input.permission };
    await transaction(this.db, async () => {
      const held = (await listGrantedPermissions(this.db, user.id, input.project_id)).includes(
        input.permission,
      );
      await setGrant(this.db, grant, input.granted);
      if (held !== input.granted)
        await recordAudit(this.db, principal, {
          action: "grant.change",
          projectId: input.project_id,
          target: userTarget(user),
          before: { [input.permission]: held },
          after: { [input.permission]: input.granted },
        });
    });
    // The user's streams end; reconnected, they carry only what is still granted (docs/sessions.md).
    if (!input.granted)
      this.events.publish(sessionEnded({ userId: user.id, projectId: input.project_id }));
    return { ...pick(input), granted: input.granted };
  }
}

function requireAdmin(principal: Principal): void {
  if (!principal.admin) throw new Forbidden(messages.adminOnly);
}

function pick({ user_id, project_id, permission }: AdminGrantSet): AdminGrant {
  return { user_id, project_id, permission };
}

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    admin: row.admin === 1,
    disabled: row.disabled === 1,
    created_at: row.createdAt,
    last_sign_in_at: row.lastSignInAt,
    must_change_password: row.mustChangePassword === 1,
  };
}

function withPassword(row: UserRow, password: { text: string; oneTime: boolean }) {
  const user: AdminUserWithPassword = toAdminUser(row);
  if (password.oneTime) user.one_time_password = password.text;
  return user;
}
