import { z } from "zod";

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
  })
  .meta({ id: "Me" });
export type Me = z.infer<typeof Me>;
