import type { Me, PasswordChange } from "@metabuild/contract";
import {
  BadRequest,
  NotAuthenticated,
  PERMISSIONS,
  type Permission,
  type Principal,
  checkNewPassword,
  messages,
} from "@metabuild/core";
import {
  type Db,
  findCustomerById,
  findUserById,
  listGrantableProjects,
  listPermissionsByProject,
  setUserPassword,
  transaction,
} from "@metabuild/db";
import { recordAudit } from "./audit.ts";
import { hashPassword, passwordMatches } from "./auth.ts";

/** The signed-in user's own account, as the console shows it. */
export class UserService {
  constructor(
    private readonly db: Db,
    private readonly passwordMinLength: number,
  ) {}

  /** `develop_patterns` is added by the route (AccessService.developsPatterns). */
  async me(principal: Principal): Promise<Omit<Me, "develop_patterns">> {
    const customer = await findCustomerById(this.db, principal.customerId);
    // A principal always belongs to a customer; a missing one means the account is gone.
    if (!customer) throw new NotAuthenticated(messages.notAuthenticated);
    const user = await findUserById(this.db, principal.id);
    return {
      id: principal.id,
      email: principal.email,
      admin: principal.admin,
      customer_id: customer.id,
      customer: customer.name,
      must_change_password: user?.mustChangePassword === 1,
      projects: await this.projectPermissions(principal),
    };
  }

  /** Per project, what the user may do; `access` is the gate to everything else. */
  private async projectPermissions(principal: Principal): Promise<Me["projects"]> {
    if (principal.admin)
      return (await listGrantableProjects(this.db, principal.customerId)).map((p) => ({
        ...p,
        permissions: [...PERMISSIONS],
      }));
    const byProject = new Map<number, { id: number; name: string; permissions: Permission[] }>();
    for (const row of await listPermissionsByProject(this.db, principal.customerId, principal.id)) {
      const entry = byProject.get(row.id) ?? { id: row.id, name: row.name, permissions: [] };
      entry.permissions.push(row.permission as Permission);
      byProject.set(row.id, entry);
    }
    // Without `access` no other grant counts (docs/users-and-access.md).
    return [...byProject.values()]
      .filter((p) => p.permissions.includes("access"))
      .map((p) => ({
        ...p,
        permissions: PERMISSIONS.filter((name) => p.permissions.includes(name)),
      }));
  }

  /**
   * Replaces the caller's password after checking the current one; clears the
   * one-time mark. Other sessions stay signed in (docs/users-and-access.md).
   */
  async changePassword(principal: Principal, change: PasswordChange): Promise<void> {
    const user = await findUserById(this.db, principal.id);
    if (!user) throw new NotAuthenticated(messages.notAuthenticated);
    checkNewPassword("new_password", change.new_password, this.passwordMinLength);
    if (!(await passwordMatches(change.current_password, user.passwordHash)))
      throw new BadRequest("current_password is not your current password");
    const hash = hashPassword(change.new_password);
    await transaction(this.db, async () => {
      await setUserPassword(this.db, principal.customerId, principal.id, hash, false);
      await recordAudit(this.db, principal, {
        action: "user.change_password",
        target: { kind: "user", id: principal.id, label: principal.email },
      });
    });
  }
}
