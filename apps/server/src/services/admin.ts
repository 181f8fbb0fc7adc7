import type {
  AdminGrant,
  AdminGrantMatrix,
  AdminGrantSet,
  AdminUser,
  AdminUserCreate,
  AdminUserUpdate,
  AdminUserWithPassword,
  PermissionName,
} from "@metabuild/contract";
import {
  BadRequest,
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
  listGrantsOfCustomer,
  searchUsers,
  setGrant,
  setUserPassword,
  updateUser,
} from "@metabuild/db";
import { generateOneTimePassword, hashPassword } from "./auth.ts";
import { type EventBus, sessionEnded } from "./events.ts";

/** The console's admin pages: users of the caller's customer and their project grants. */
export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly passwordMinLength: number,
  ) {}

  users(principal: Principal, search?: string): AdminUser[] {
    requireAdmin(principal);
    return searchUsers(this.db, principal.customerId, search).map(toAdminUser);
  }

  /** Without a password, a one-time password is generated and answered this once. */
  addUser(principal: Principal, input: AdminUserCreate): AdminUserWithPassword {
    requireAdmin(principal);
    const email = input.email.trim().toLowerCase();
    const password = this.chosenOrGenerated(input.password);
    // E-mails are unique across customers; the text names only the caller's own input.
    if (findUserByEmail(this.db, email)) throw new Conflict(messages.userExists(email));
    const row = insertUser(this.db, {
      customerId: principal.customerId,
      email,
      name: input.name || null,
      passwordHash: hashPassword(password.text),
      admin: input.admin ?? false,
      mustChangePassword: password.oneTime,
    });
    return withPassword(row, password);
  }

  /** Sets the password an admin chose, or a generated one-time password answered this once. */
  resetPassword(principal: Principal, userId: number, chosen?: string): AdminUserWithPassword {
    requireAdmin(principal);
    const password = this.chosenOrGenerated(chosen);
    const hash = hashPassword(password.text);
    const row = setUserPassword(this.db, principal.customerId, userId, hash, password.oneTime);
    if (!row) throw new NotFound(messages.recordNotFound(userId));
    return withPassword(row, password);
  }

  /**
   * Disabling takes effect at once: AuthService refuses a disabled user's
   * tokens, and the user's open event streams end. An admin can neither
   * disable nor demote themself, so a customer never loses its last admin by accident.
   */
  updateUser(principal: Principal, userId: number, change: AdminUserUpdate): AdminUser {
    requireAdmin(principal);
    if (userId === principal.id && change.disabled === true)
      throw new BadRequest(messages.cannotDisableSelf);
    if (userId === principal.id && change.admin === false)
      throw new BadRequest("admin: you cannot take away your own admin rights!");
    const name = change.name === undefined ? undefined : change.name || null;
    const row = updateUser(this.db, principal.customerId, userId, { ...change, name });
    if (!row) throw new NotFound(messages.recordNotFound(userId));
    if (change.disabled) this.events.publish(sessionEnded({ userId }));
    return toAdminUser(row);
  }

  private chosenOrGenerated(chosen: string | undefined) {
    if (chosen === undefined) return { text: generateOneTimePassword(), oneTime: true };
    checkNewPassword("password", chosen, this.passwordMinLength);
    return { text: chosen, oneTime: false };
  }

  matrix(principal: Principal): AdminGrantMatrix {
    requireAdmin(principal);
    return {
      users: this.users(principal),
      projects: listGrantableProjects(this.db, principal.customerId),
      grants: listGrantsOfCustomer(this.db, principal.customerId).map((g) => ({
        user_id: g.userId,
        project_id: g.projectId,
        permission: g.permission as PermissionName,
      })),
    };
  }

  setGrant(principal: Principal, input: AdminGrantSet): AdminGrant & { granted: boolean } {
    requireAdmin(principal);
    const user = findUserById(this.db, input.user_id);
    if (!user || user.customerId !== principal.customerId)
      throw new NotFound(messages.recordNotFound(input.user_id));
    if (!findProjectById(this.db, principal.customerId, input.project_id))
      throw new NotFound(messages.recordNotFound(input.project_id));
    const grant = { userId: user.id, projectId: input.project_id, permission: input.permission };
    setGrant(this.db, grant, input.granted);
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
