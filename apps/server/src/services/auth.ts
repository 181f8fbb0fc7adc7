import { randomUUID } from "node:crypto";
import type { AuthenticationRequest, AuthenticationResult } from "@metabuild/contract";
import {
  BadRequest,
  NotAuthenticated,
  type Principal,
  TooManyRequests,
  messages,
} from "@metabuild/core";
import { type Db, findUserByEmail, findUserById, isTokenRevoked, revokeToken } from "@metabuild/db";
import bcrypt from "bcryptjs";
import { SignJWT, jwtVerify } from "jose";
import type { Clock } from "../infra/clock.ts";
import { LoginThrottle } from "./login-throttle.ts";

const ISSUER = "metabuild";
const AUDIENCE = "metabuild-api";
// Compared against when the e-mail is unknown, so both failures take the same time.
const DUMMY_HASH = bcrypt.hashSync("metabuild-dummy-password", 10);

export interface VerifiedToken {
  principal: Principal;
  jti: string;
  exp: number;
}

export class AuthService {
  private readonly key: Uint8Array;
  readonly throttle: LoginThrottle;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.throttle = new LoginThrottle(undefined, () => clock.now().getTime());
  }

  async authenticate(req: AuthenticationRequest, client: string): Promise<AuthenticationResult> {
    if (req.strategy === "jwt") return this.reauthenticate(req.accessToken);
    if (req.strategy !== "local") throw new BadRequest(messages.invalidStrategy(req.strategy));
    if (!req.email) throw new BadRequest(messages.fieldRequired("email"));
    if (!req.password) throw new BadRequest(messages.fieldRequired("password"));
    const email = req.email.trim().toLowerCase();
    const wait = this.throttle.retryAfter(email, client);
    if (wait > 0) {
      const err = new TooManyRequests("Too many failed sign-ins; try again later");
      err.headers["Retry-After"] = String(wait);
      throw err;
    }
    const user = findUserByEmail(this.db, email);
    const ok = await bcrypt.compare(req.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok || user.disabled === 1) {
      this.throttle.fail(email, client);
      throw new NotAuthenticated(messages.invalidLogin);
    }
    this.throttle.succeed(email);
    const accessToken = await this.issue(user.id);
    return {
      accessToken,
      authentication: { strategy: "local", accessToken },
      user: { id: user.id, email: user.email },
    };
  }

  /** The Feathers client re-authenticates with its token: answer with the same token. */
  private async reauthenticate(token: string | undefined): Promise<AuthenticationResult> {
    if (!token) throw new BadRequest(messages.fieldRequired("accessToken"));
    const verified = await this.verify(token);
    return {
      accessToken: token,
      authentication: { strategy: "jwt", accessToken: token },
      user: { id: verified.principal.id, email: verified.principal.email },
    };
  }

  async issue(userId: number): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(userId))
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .setJti(randomUUID())
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .sign(this.key);
  }

  /** Verifies a token and loads its user; any failure is 401 `Not authenticated`. */
  async verify(token: string): Promise<VerifiedToken> {
    let payload: { sub?: string; jti?: string; exp?: number };
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ["HS256"],
        currentDate: this.clock.now(),
      }));
    } catch {
      throw new NotAuthenticated(messages.notAuthenticated);
    }
    const id = Number(payload.sub);
    const { jti, exp } = payload;
    if (!Number.isInteger(id) || !jti || !exp)
      throw new NotAuthenticated(messages.notAuthenticated);
    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    if (isTokenRevoked(this.db, jti, nowSeconds))
      throw new NotAuthenticated(messages.notAuthenticated);
    const user = findUserById(this.db, id);
    if (!user || user.disabled === 1) throw new NotAuthenticated(messages.notAuthenticated);
    return {
      principal: {
        id: user.id,
        customerId: user.customerId,
        email: user.email,
        admin: user.admin === 1,
      },
      jti,
      exp,
    };
  }

  signOut(jti: string, exp: number): void {
    revokeToken(this.db, jti, exp);
  }
}

export function hashPassword(password: string): string {
  return bcrypt.hashSync(password, 10);
}
