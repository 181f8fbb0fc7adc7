import { randomBytes } from "node:crypto";
import { BadRequest, NotAuthenticated, ServiceUnavailable } from "@metabuild/core";
import {
  type Db,
  type UserRow,
  findCustomerByName,
  findUserByEmail,
  insertUser,
  recordSignIn,
  transaction,
} from "@metabuild/db";
import bcrypt from "bcryptjs";
import { SignJWT, jwtVerify } from "jose";
import * as oidc from "openid-client";
import { type OidcConfig, isLoopback } from "../../config-oidc.ts";
import type { Clock } from "../../infra/clock.ts";
import { recordAudit } from "../audit.ts";
import { applyGroupGrants } from "./group-sync.ts";

/** What the browser keeps between the start and the callback: signed, HttpOnly, ten minutes. */
interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  next: string;
}

const PENDING_SECONDS = 600;
const REFUSED = "Single sign-on failed";

/**
 * Sign-in through an OpenID Connect provider (docs/identity.md "Single
 * sign-on"): authorization code with PKCE, state and nonce, by openid-client,
 * which also checks the ID token's issuer, audience, signature and expiry.
 * A person is matched by e-mail, created when configured, and their groups
 * mapped to grants. The session is an ordinary metabuild token.
 */
export class OidcSignOn {
  private discovered: Promise<oidc.Configuration> | undefined;
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Db,
    readonly config: OidcConfig,
    secret: string,
    private readonly clock: Clock,
  ) {
    // A key of its own for the pending sign-in, so it can never pass as a session token.
    this.key = new TextEncoder().encode(`oidc-pending:${secret}`);
  }

  /** The provider's metadata, read once; a failure is retried at the next sign-in. */
  private provider(): Promise<oidc.Configuration> {
    this.discovered ??= oidc
      .discovery(
        new URL(this.config.issuer),
        this.config.clientId,
        undefined,
        oidc.ClientSecretPost(this.config.clientSecret),
        isLoopback(new URL(this.config.issuer)) ? { execute: [oidc.allowInsecureRequests] } : {},
      )
      .catch((err: unknown) => {
        this.discovered = undefined;
        throw new ServiceUnavailable(
          `The identity provider could not be reached or answered wrongly: ${messageOf(err)}`,
        );
      });
    return this.discovered;
  }

  /** Where to send the browser, and the signed pending sign-in for its cookie. */
  async start(redirectUri: string, next: string): Promise<{ url: string; pending: string }> {
    const provider = await this.provider();
    const pending: PendingSignIn = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      next,
    };
    const url = oidc.buildAuthorizationUrl(provider, {
      redirect_uri: redirectUri,
      scope: this.config.scopes,
      response_type: "code",
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: "S256",
    });
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const signed = await new SignJWT({ ...pending })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt(now)
      .setExpirationTime(now + PENDING_SECONDS)
      .sign(this.key);
    return { url: url.href, pending: signed };
  }

  /**
   * The provider sent the browser back: redeems the code (checking state,
   * nonce, PKCE, issuer and audience), finds or creates the person, maps
   * their groups. Answers the user and where the console goes next.
   */
  async finish(
    callbackUrl: URL,
    pendingCookie: string | undefined,
    client: string,
  ): Promise<{ user: UserRow; next: string }> {
    const pending = await this.pending(pendingCookie);
    const provider = await this.provider();
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(provider, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      claims = { ...(tokens.claims() ?? {}) };
      // Providers that keep the ID token small (conforming ones) give e-mail and groups at userinfo.
      if (claims.email === undefined || claims[this.config.groupsClaim] === undefined) {
        const info = await oidc.fetchUserInfo(provider, tokens.access_token, String(claims.sub));
        claims = { ...info, ...claims };
      }
    } catch (err) {
      throw new NotAuthenticated(`${REFUSED}: ${messageOf(err)}`);
    }
    const user = await this.personOf(claims, client);
    const groups = groupsOf(claims[this.config.groupsClaim]);
    await transaction(this.db, async () => {
      await applyGroupGrants(this.db, user, this.config.groupGrants, groups);
      await recordSignIn(this.db, user.id, this.clock.now().toISOString());
      await recordAudit(this.db, user, {
        action: "auth.sign_in",
        target: { kind: "user", id: user.id, label: user.email },
        after: { method: "single sign-on", provider: this.config.name },
        clientAddress: client,
      });
    });
    return { user, next: pending.next };
  }

  private async pending(cookie: string | undefined): Promise<PendingSignIn> {
    if (!cookie)
      throw new BadRequest(
        `${REFUSED}: this browser did not start it (no pending sign-in); start again from the sign-in page`,
      );
    try {
      const { payload } = await jwtVerify(cookie, this.key, {
        currentDate: this.clock.now(),
      });
      return payload as unknown as PendingSignIn;
    } catch {
      throw new BadRequest(`${REFUSED}: the pending sign-in expired; start again`);
    }
  }

  /** The person the ID token names, by verified e-mail; created when configured. */
  private async personOf(claims: Record<string, unknown>, client: string): Promise<UserRow> {
    const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
    if (email === "")
      throw new NotAuthenticated(
        `${REFUSED}: the provider sent no e-mail (ask for the 'email' scope)`,
      );
    if (claims.email_verified === false)
      throw new NotAuthenticated(`${REFUSED}: the provider has not verified ${email}`);
    const found = await findUserByEmail(this.db, email);
    if (found) {
      if (found.disabled === 1) {
        await recordAudit(this.db, found, {
          action: "auth.sign_in_failed",
          target: { kind: "user", id: found.id, label: found.email },
          after: { reason: "disabled", method: "single sign-on" },
          clientAddress: client,
        });
        throw new NotAuthenticated(`${REFUSED}: the user ${email} is disabled`);
      }
      return found;
    }
    const customerName = this.config.createUsersIn;
    const customer = customerName ? await findCustomerByName(this.db, customerName) : undefined;
    if (!customer)
      throw new NotAuthenticated(
        `${REFUSED}: ${email} has no metabuild account; an admin can create it`,
      );
    // No password anyone knows: this person signs in through the provider.
    const unusable = await bcrypt.hash(randomBytes(32).toString("base64url"), 10);
    const name = typeof claims.name === "string" ? claims.name.slice(0, 200) : null;
    return await transaction(this.db, async () => {
      const user = await insertUser(this.db, {
        customerId: customer.id,
        email,
        name,
        passwordHash: unusable,
        admin: false,
      });
      await recordAudit(this.db, user, {
        action: "user.create",
        target: { kind: "user", id: user.id, label: user.email },
        after: { email, source: `single sign-on (${this.config.name})` },
        clientAddress: client,
      });
      return user;
    });
  }
}

function groupsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === "string");
  return typeof value === "string" ? [value] : [];
}

/** The error's own words; openid-client's general ones carry the precise check in `cause`. */
function messageOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message;
}
