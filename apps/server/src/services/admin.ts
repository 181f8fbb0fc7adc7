import type {
  AdminGrant,
  AdminGrantMatrix,
  AdminGrantSet,
  AdminUser,
  AdminUserCreate,
  PermissionName,
} from "@metabuild/contract";
import {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  type Principal,
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
  listUsers,
  setGrant,
  setUserDisabled,
} from "@metabuild/db";
import { hashPassword } from "./auth.ts";
import { type EventBus, sessionEnded } from "./events.ts";

/** The console's admin pages: users of the caller's customer and their project grants. */
export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
  ) {}

  users(principal: Principal): AdminUser[] {
    requireAdmin(principal);
    return listUsers(this.db, principal.customerId).map(toAdminUser);
  }

  addUser(principal: Principal, input: Required<AdminUserCreate>): AdminUser {
    requireAdmin(principal);
    const email = input.email.trim().toLowerCase();
    // E-mails are unique across customers; the text names only the caller's own input.
    if (findUserByEmail(this.db, email)) throw new Conflict(messages.userExists(email));
    const row = insertUser(this.db, {
      customerId: principal.customerId,
      email,
      passwordHash: hashPassword(input.password),
      admin: input.admin,
    });
    return toAdminUser(row);
  }

  /**
   * Disabling takes effect at once: AuthService refuses a disabled user's
   * tokens, and the user's open event streams end.
   */
  setDisabled(principal: Principal, userId: number, disabled: boolean): AdminUser {
    requireAdmin(principal);
    if (disabled && userId === principal.id) throw new BadRequest(messages.cannotDisableSelf);
    const row = setUserDisabled(this.db, principal.customerId, userId, disabled);
    if (!row) throw new NotFound(messages.recordNotFound(userId));
    if (disabled) this.events.publish(sessionEnded({ userId }));
    return toAdminUser(row);
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
    admin: row.admin === 1,
    disabled: row.disabled === 1,
    created_at: row.createdAt,
  };
}
