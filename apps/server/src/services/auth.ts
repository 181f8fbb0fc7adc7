import { randomBytes, randomUUID } from "node:crypto";
import type { AuthenticationRequest, AuthenticationResult } from "@metabuild/contract";
import {
  BadRequest,
  Forbidden,
  NotAuthenticated,
  type Principal,
  TooManyRequests,
  isApiToken,
  messages,
} from "@metabuild/core";
import {
  type Db,
  type TokenHolder,
  type TokenPresenter,
  findTokenHolder,
  findUserByEmail,
  recordSignIn,
  revokeToken,
  transaction,
} from "@metabuild/db";
import bcrypt from "bcryptjs";
import { SignJWT, jwtVerify } from "jose";
import type { Clock } from "../infra/clock.ts";
import type { Config } from "../config.ts";
import type { ApiTokenService } from "./api-tokens.ts";
import { recordAudit } from "./audit.ts";
import { type EventBus, sessionEnded } from "./events.ts";
import { LoginThrottle } from "./login-throttle.ts";

const ISSUER = "metabuild";
const AUDIENCE = "metabuild-api";
// Compared against when the e-mail is unknown, so both failures take the same time.
const DUMMY_HASH = bcrypt.hashSync("metabuild-dummy-password", 10);

/** What a token says once its signature has been checked. */
interface TokenClaims {
  id: number;
  jti: string;
  exp: number;
}

/**
 * Claims of tokens whose signature has been checked, by token text, until
 * they expire. Checking the HMAC (jose, WebCrypto) costs more CPU than the
 * rest of a small read; a token's text and claims never change, so the check
 * is done once per token. Only good tokens enter; the oldest leave first.
 */
export class VerifiedClaims {
  private readonly byToken = new Map<string, TokenClaims>();

  constructor(private readonly capacity = 10_000) {}

  get(token: string, nowSeconds: number): TokenClaims | undefined {
    const claims = this.byToken.get(token);
    if (claims && claims.exp > nowSeconds) return claims;
    if (claims) this.byToken.delete(token);
    return undefined;
  }

  remember(token: string, claims: TokenClaims): void {
    if (this.byToken.size >= this.capacity && !this.byToken.has(token)) {
      const oldest = this.byToken.keys().next().value;
      if (oldest !== undefined) this.byToken.delete(oldest);
    }
    this.byToken.set(token, claims);
  }

  get size(): number {
    return this.byToken.size;
  }
}

export interface VerifiedToken {
  principal: Principal;
  jti: string;
  exp: number;
}

export class AuthService {
  private readonly key: Uint8Array;
  readonly throttle: LoginThrottle;
  private readonly claims = new VerifiedClaims();

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
    limits: Config["loginThrottle"],
    private readonly events: EventBus,
    private readonly apiTokens: ApiTokenService,
    /** Why a password sign-in is refused when METABUILD_LOCAL_PASSWORDS is off; null: allowed. */
    private readonly passwordsOff: string | null = null,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.throttle = new LoginThrottle(
      db,
      {
        perEmailAndClient: limits.perEmailAndClient,
        perClient: limits.perClient,
        perEmail: limits.perEmail,
        windowMs: limits.windowSeconds * 1000,
        maxRows: 100_000,
      },
      () => clock.now().getTime(),
    );
  }

  async authenticate(req: AuthenticationRequest, client: string): Promise<AuthenticationResult> {
    if (req.strategy === "jwt") return this.reauthenticate(req.accessToken);
    if (req.strategy !== "local") throw new BadRequest(messages.invalidStrategy(req.strategy));
    if (this.passwordsOff) throw new Forbidden(this.passwordsOff);
    if (!req.email) throw new BadRequest(messages.fieldRequired("email"));
    if (!req.password) throw new BadRequest(messages.fieldRequired("password"));
    const email = req.email.trim().toLowerCase();
    const wait = await this.throttle.retryAfter(email, client);
    if (wait > 0) {
      const err = new TooManyRequests("Too many failed sign-ins; try again later");
      err.headers["Retry-After"] = String(wait);
      throw err;
    }
    const user = await findUserByEmail(this.db, email);
    const ok = await bcrypt.compare(req.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok || user.disabled === 1) {
      await this.throttle.fail(email, client);
      // An unknown e-mail belongs to no customer's log (docs/audit-log.md).
      if (user)
        await recordAudit(this.db, user, {
          action: "auth.sign_in_failed",
          target: { kind: "user", id: user.id, label: user.email },
          after: { reason: user.disabled === 1 ? "disabled" : "wrong password" },
          clientAddress: client,
        });
      throw new NotAuthenticated(messages.invalidLogin);
    }
    await this.throttle.succeed(email, client);
    await transaction(this.db, async () => {
      await recordSignIn(this.db, user.id, this.clock.now().toISOString());
      await recordAudit(this.db, user, {
        action: "auth.sign_in",
        target: { kind: "user", id: user.id, label: user.email },
        clientAddress: client,
      });
    });
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

  /**
   * Verifies a token and loads its user; any failure is 401 `Not authenticated`.
   * Revocation and the user's state are read from the store on every request,
   * so a sign-out or a disabled account takes effect at once, also when another
   * process (the CLI, a second server) made the change.
   */
  async verify(token: string): Promise<VerifiedToken> {
    // An API token (docs/identity.md) is looked up by its hash instead.
    if (isApiToken(token)) return this.apiTokens.verify(token);
    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    const claims = this.claims.get(token, nowSeconds) ?? (await this.verifyClaims(token));
    return holderRule(claims, await findTokenHolder(this.db, claims.id, claims.jti, nowSeconds));
  }

  /**
   * `verify`, with the holder read by `read` in the caller's own statement
   * (one round trip instead of two: docs/performance.md). `read` answers the
   * holder with its value, or undefined when its statement found nothing;
   * `verify` then decides (401, or `value` undefined). Same checks, same
   * order: the signature first, then revocation and the user's state.
   */
  async verifyAlong<T>(
    token: string,
    read: (presenter: TokenPresenter) => Promise<{ holder: TokenHolder; value: T } | undefined>,
  ): Promise<{ verified: VerifiedToken; value: T | undefined }> {
    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    const claims = this.claims.get(token, nowSeconds) ?? (await this.verifyClaims(token));
    const found = await read({ userId: claims.id, jti: claims.jti, nowSeconds });
    if (!found) return { verified: await this.verify(token), value: undefined };
    return { verified: holderRule(claims, found.holder), value: found.value };
  }

  /** Checks signature, issuer, audience and expiry; remembers the claims of a good token. */
  private async verifyClaims(token: string): Promise<TokenClaims> {
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
    const claims = { id, jti, exp };
    this.claims.remember(token, claims);
    return claims;
  }

  /** False once the token is signed out, expired or its user disabled (for open streams). */
  async stillValid(token: string): Promise<boolean> {
    try {
      await this.verify(token);
      return true;
    } catch (err) {
      if (err instanceof NotAuthenticated) return false;
      throw err;
    }
  }

  /**
   * Revokes the token in the store and ends its open event streams; for an
   * API token, signing out revokes it like DELETE /api/console/tokens/:id.
   */
  async signOut(principal: Principal, jti: string, exp: number): Promise<void> {
    if (principal.token) return this.apiTokens.revoke(principal, principal.token.id);
    await revokeToken(this.db, jti, exp);
    this.events.publish(sessionEnded({ userId: principal.id, jti }));
  }
}

/** A token is good for its holder unless signed out, or the user is gone or disabled. */
function holderRule(claims: TokenClaims, user: TokenHolder | undefined): VerifiedToken {
  if (!user || user.revoked || user.disabled === 1)
    throw new NotAuthenticated(messages.notAuthenticated);
  return {
    principal: {
      id: user.id,
      customerId: user.customerId,
      email: user.email,
      admin: user.admin === 1,
    },
    jti: claims.jti,
    exp: claims.exp,
  };
}

export function hashPassword(password: string): string {
  return bcrypt.hashSync(password, 10);
}

export function passwordMatches(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

/** 16 URL-safe random characters (96 bits): typed once, then replaced by the user. */
export function generateOneTimePassword(): string {
  return randomBytes(12).toString("base64url");
}
