import { z } from "zod";
import { PermissionName } from "./admin.ts";

export const AuthenticationRequest = z
  .object({
    strategy: z.string(),
    email: z.string().optional(),
    password: z.string().optional(),
    accessToken: z.string().optional(),
  })
  .meta({ id: "AuthenticationRequest" });
export type AuthenticationRequest = z.infer<typeof AuthenticationRequest>;

export const AuthenticationResult = z
  .object({
    accessToken: z.string(),
    authentication: z.object({ strategy: z.string(), accessToken: z.string() }),
    user: z.object({ id: z.number().int(), email: z.string() }),
  })
  .meta({ id: "AuthenticationResult" });
export type AuthenticationResult = z.infer<typeof AuthenticationResult>;

/** How people may sign in (GET /authentication/methods, public; docs/identity.md). */
export const SignInMethods = z
  .object({
    local_passwords: z.boolean(),
    single_sign_on: z
      .object({
        name: z.string().meta({ description: "Shown as “Sign in with <name>”" }),
        start_path: z
          .string()
          .meta({ description: "Where the browser goes to start, base path included" }),
      })
      .nullable(),
  })
  .meta({ id: "SignInMethods" });
export type SignInMethods = z.infer<typeof SignInMethods>;

export const SignOnStartQuery = z.object({
  next: z.string().optional().meta({ description: "The console path to open after sign-in" }),
});

/** What the provider sends the browser back with (RFC 6749 §4.1.2); other fields are ignored. */
export const SignOnCallbackQuery = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** The signed-in user as the console sees it (GET /api/console/me). */
export const Me = z
  .object({
    id: z.number().int(),
    email: z.string(),
    admin: z.boolean(),
    customer_id: z.number().int(),
    customer: z.string(),
    /** Signed in with a one-time password: the console asks for a new one first. */
    must_change_password: z.boolean(),
    /**
     * What the user may do per project (an admin: every permission on every
     * project), so the console hides or disables what the server would refuse.
     * A project without `access` is not listed (docs/console-permissions.md).
     */
    projects: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        permissions: z.array(PermissionName),
      }),
    ),
    /** May create and edit patterns (an admin, or the `develop_patterns` grant: docs/identity.md). */
    develop_patterns: z.boolean(),
  })
  .meta({ id: "Me" });
export type Me = z.infer<typeof Me>;
