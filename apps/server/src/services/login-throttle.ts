import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import {
  type Db,
  type SignInFailureScope,
  clearSignInFailurePair,
  countSignInFailures,
  nthNewestSignInFailure,
  recordSignInFailure,
} from "@metabuild/db";

export interface LoginLimits {
  /** Failures of one e-mail from one client; 0 turns the check off. */
  perEmailAndClient: number;
  /** Failures from one client, across e-mails. */
  perClient: number;
  /** Failures of one e-mail from all clients: past it, the e-mail is braked. */
  perEmail: number;
  windowMs: number;
  /** Failures kept at most: a spray of failures for ever new e-mails must not grow the store without bound. */
  maxRows: number;
}

/**
 * Counts failed sign-ins in a sliding window per (e-mail, client), per client
 * and per e-mail (docs/sign-in-throttling.md). Past the first two limits that
 * pair or client waits until the window frees a slot. The per-e-mail count is
 * a brake, not a lock: past it each client gets one try per window for that
 * e-mail, so nobody can lock a user out from elsewhere. The failures live in
 * the store, so every server process on it counts the same ones.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly limits: LoginLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** How many failures the store keeps now. */
  async rows(): Promise<number> {
    return await countSignInFailures(this.db);
  }

  /**
   * Seconds until fewer than `limit` failures of the scope are in the window
   * (the `limit`-th newest leaves it); 0 when already.
   */
  private async waitBelow(
    scope: SignInFailureScope,
    key: { emailHash: string; client: string },
    limit: number,
    now: number,
  ): Promise<number> {
    if (limit <= 0) return 0;
    const { windowMs } = this.limits;
    const nth = await nthNewestSignInFailure(this.db, scope, key, limit, now - windowMs);
    return nth === undefined ? 0 : Math.ceil((nth + windowMs - now) / 1000);
  }

  /** Seconds to wait before another attempt, or 0 when one is allowed. */
  async retryAfter(email: string, client: string): Promise<number> {
    const { perEmailAndClient, perClient, perEmail } = this.limits;
    const key = failureKey(email, client);
    const now = this.now();
    const wait = Math.max(
      await this.waitBelow("pair", key, perEmailAndClient, now),
      await this.waitBelow("client", key, perClient, now),
    );
    const brake = await this.waitBelow("email", key, perEmail, now);
    if (brake === 0) return wait;
    // 0: this client has no failure for the e-mail in the window, and may have its one try.
    const newestOfPair = await this.waitBelow("pair", key, 1, now);
    if (newestOfPair === 0) return wait;
    // Braked: this client has had its try; it waits for that failure to leave the
    // window, or for the e-mail's failures to drop below the brake, whichever is first.
    return Math.max(wait, Math.min(brake, newestOfPair));
  }

  async fail(email: string, client: string): Promise<void> {
    const now = this.now();
    await recordSignInFailure(
      this.db,
      { ...failureKey(email, client), at: now },
      { since: now - this.limits.windowMs, keep: this.limits.maxRows },
    );
  }

  /**
   * A success clears that pair's failures only: the e-mail's count across
   * clients goes on, as a success somewhere does not end guessing elsewhere.
   */
  async succeed(email: string, client: string): Promise<void> {
    await clearSignInFailurePair(this.db, failureKey(email, client));
  }
}

/** How the store knows a failure: the e-mail as a hash, the client as clientKey counts it. */
function failureKey(email: string, client: string) {
  return {
    emailHash: createHash("sha256").update(email).digest("base64url"),
    client: clientKey(client),
  };
}

/**
 * The client a failure is counted against: the address, with an IPv4-mapped
 * IPv6 address as its IPv4 one and any other IPv6 address as its /64 (one
 * host usually holds a whole /64, and could otherwise change address at will).
 */
export function clientKey(address: string): string {
  const bare = address.replace(/%.*$/, "");
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` and an IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const split = (part: string) => (part ? part.split(":") : []);
  const parts =
    tail === undefined
      ? split(head)
      : [
          ...split(head),
          ...Array(8 - split(head).length - split(tail).length).fill("0"),
          ...split(tail),
        ];
  return parts.map((g) => Number.parseInt(g, 16));
}
