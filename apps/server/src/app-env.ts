import type { Principal } from "@metabuild/core";
import type { Services } from "./services/index.ts";

/** Variables every request carries through Hono's context. */
export interface AppEnv {
  Variables: {
    services: Services;
    /** The signed-in user; set by the auth middleware on protected routes. */
    principal: Principal;
    /** The presented token's id and expiry (for sign-out). */
    token: { jti: string; exp: number; raw: string };
  };
}
