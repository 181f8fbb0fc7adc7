import type { Principal } from "@metabuild/core";
import type { Services } from "./services/index.ts";

/** Variables every request carries through Hono's context. */
export interface AppEnv {
  Variables: {
    services: Services;
    /** METABUILD_MAX_JSON_DEPTH: how deep a JSON body may nest (docs/limits.md "Nesting"). */
    jsonMaxDepth: number;
    /** The signed-in user; set by the auth middleware on protected routes. */
    principal: Principal;
    /** The presented token's id and expiry (for sign-out). */
    token: { jti: string; exp: number; raw: string };
  };
}
