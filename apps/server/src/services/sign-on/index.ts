import type { SignInMethods } from "@metabuild/contract";
import type { Db } from "@metabuild/db";
import type { Config } from "../../config.ts";
import type { Clock } from "../../infra/clock.ts";
import { OidcSignOn } from "./oidc.ts";

/** The ways to sign in besides a password (docs/identity.md "Single sign-on"). */
export class SignOnService {
  /** The configured OpenID Connect provider, if any. */
  readonly provider: OidcSignOn | undefined;

  constructor(
    db: Db,
    private readonly config: Config,
    clock: Clock,
  ) {
    this.provider = config.oidc
      ? new OidcSignOn(db, config.oidc, config.jwtSecret, clock)
      : undefined;
  }

  methods(): SignInMethods {
    return {
      local_passwords: this.config.localPasswords,
      single_sign_on: this.config.oidc
        ? {
            name: this.config.oidc.name,
            start_path: `${this.config.basePath}/authentication/oidc/start`,
          }
        : null,
    };
  }
}
