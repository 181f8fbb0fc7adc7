/**
 * The rules of every change an admin makes to a user, whichever way it comes
 * in: the console's admin pages and a bundle applied over HTTP
 * (docs/users-and-access.md "The rules of a user change").
 */
import { messages } from "./errors.ts";

/** What a change may set that the rules look at. */
export interface UserChange {
  admin?: boolean;
  disabled?: boolean;
}

/** The user as stored before the change (absent for a new user). */
export interface UserBefore {
  id: number;
  admin: boolean;
  disabled: boolean;
}

export interface UserChangeRefusal {
  field: "admin" | "disabled";
  message: string;
}

/**
 * Why the change is refused, or undefined: an admin neither disables nor
 * demotes themself (`actorId`; the host's CLI has none), and no change leaves
 * a customer that had an enabled admin without one (`otherAdmins`: its
 * enabled admins besides this user).
 */
export function userChangeRefusal(
  before: UserBefore,
  change: UserChange,
  actorId: number | undefined,
  otherAdmins: number,
): UserChangeRefusal | undefined {
  const self = before.id === actorId;
  if (self && change.disabled === true)
    return { field: "disabled", message: messages.cannotDisableSelf };
  if (self && change.admin === false) return { field: "admin", message: messages.cannotDemoteSelf };
  const wasAdmin = before.admin && !before.disabled;
  const staysAdmin = (change.admin ?? before.admin) && !(change.disabled ?? before.disabled);
  if (wasAdmin && !staysAdmin && otherAdmins === 0)
    return {
      field: change.admin === false ? "admin" : "disabled",
      message: messages.lastAdmin,
    };
  return undefined;
}
