import { BadRequest } from "./errors.ts";

/** bcrypt reads only the first 72 bytes; a longer password would be silently cut. */
export const PASSWORD_MAX_BYTES = 72;

/**
 * The rule for every password a person sets (admin form, own change, a
 * bundle over HTTP):
 * at least `minLength` characters, at most 72 bytes (docs/users-and-access.md).
 * Throws 400 naming `field`.
 */
export function checkNewPassword(field: string, password: string, minLength: number): void {
  const problem = passwordProblem(password, minLength);
  if (problem) throw new BadRequest(`${field} ${problem}`);
}

/** What is wrong with a new password ("must be at least 10 characters"), or undefined. */
export function passwordProblem(password: string, minLength: number): string | undefined {
  if ([...password].length < minLength) return `must be at least ${minLength} characters`;
  if (new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES)
    return `must be at most ${PASSWORD_MAX_BYTES} bytes`;
  return undefined;
}
