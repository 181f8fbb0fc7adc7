import { AccessService } from "./access.ts";
import { AuthService } from "./auth.ts";
import type { AppDeps } from "./deps.ts";
import { ProjectService } from "./projects.ts";
import { UserService } from "./users.ts";

/** Every service of the app, built once from its dependencies. */
export function createServices(deps: AppDeps) {
  const { db, config, clock } = deps;
  const access = new AccessService(db);
  return {
    deps,
    access,
    auth: new AuthService(db, config.jwtSecret, config.tokenTtl, clock),
    projects: new ProjectService(db, access),
    users: new UserService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
