import { BadRequest } from "./errors.ts";

/** bcrypt reads only the first 72 bytes; a longer password would be silently cut. */
export const PASSWORD_MAX_BYTES = 72;

/**
 * The rule for every password a person sets (admin form, own change):
 * at least `minLength` characters, at most 72 bytes (docs/users-and-access.md).
 * Throws 400 naming `field`.
 */
export function checkNewPassword(field: string, password: string, minLength: number): void {
  if ([...password].length < minLength)
    throw new BadRequest(`${field} must be at least ${minLength} characters`);
  if (new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES)
    throw new BadRequest(`${field} must be at most ${PASSWORD_MAX_BYTES} bytes`);
}
