import { isIPv6 } from "node:net";

export interface LoginLimits {
  /** Failures of one e-mail from one client; 0 turns the check off. */
  perEmailAndClient: number;
  /** Failures from one client, across e-mails. */
  perClient: number;
  /** Failures of one e-mail from all clients: past it, the e-mail is braked. */
  perEmail: number;
  windowMs: number;
  /** Failures for ever new e-mails must not grow memory without bound. */
  maxKeys: number;
}

/**
 * Counts failed sign-ins in a sliding window per (e-mail, client), per client
 * and per e-mail (docs/sign-in-throttling.md). Past the first two limits that
 * pair or client waits until the window frees a slot. The per-e-mail count is
 * a brake, not a lock: past it each client gets one try per window for that
 * e-mail, so nobody can lock a user out from elsewhere.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: LoginLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** How many pairs, e-mails and client addresses are being tracked. */
  get size(): number {
    return this.failures.size;
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  /** Seconds until fewer than `limit` failures of `list` are in the window; 0 when already. */
  private waitBelow(list: number[], limit: number): number {
    if (limit <= 0 || list.length < limit) return 0;
    const oldest = list[list.length - limit];
    return Math.ceil((oldest + this.limits.windowMs - this.now()) / 1000);
  }

  /** Seconds to wait before another attempt, or 0 when one is allowed. */
  retryAfter(email: string, client: string): number {
    const { perEmailAndClient, perClient, perEmail } = this.limits;
    const key = clientKey(client);
    const pair = this.recent(pairKey(email, key));
    const wait = Math.max(
      this.waitBelow(pair, perEmailAndClient),
      this.waitBelow(this.recent(`c:${key}`), perClient),
    );
    const brake = this.waitBelow(this.recent(`e:${email}`), perEmail);
    if (brake === 0 || pair.length === 0) return wait;
    // Braked: this client has had its try; it waits for that failure to leave the
    // window, or for the e-mail's failures to drop below the brake, whichever is first.
    return Math.max(wait, Math.min(brake, this.waitBelow(pair, 1)));
  }

  fail(email: string, client: string): void {
    const key = clientKey(client);
    const { perEmailAndClient, perClient, perEmail } = this.limits;
    const counts: [string, number][] = [
      [pairKey(email, key), perEmailAndClient],
      [`c:${key}`, perClient],
      [`e:${email}`, perEmail],
    ];
    for (const [k, limit] of counts) {
      const list = this.recent(k);
      list.push(this.now());
      // Only the newest `limit` failures decide a wait: a spray cannot grow one list.
      this.failures.set(k, list.slice(-Math.max(limit, 1)));
    }
    if (this.failures.size > this.limits.maxKeys) this.sweep();
  }

  /** Forgets keys whose failures are all outside the window, then the oldest keys past the cap. */
  private sweep(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
    for (const key of this.failures.keys()) {
      if (this.failures.size <= this.limits.maxKeys) break;
      this.failures.delete(key);
    }
  }

  /**
   * A success clears that pair's failures only: the e-mail's count across
   * clients goes on, as a success somewhere does not end guessing elsewhere.
   */
  succeed(email: string, client: string): void {
    this.failures.delete(pairKey(email, clientKey(client)));
  }
}

function pairKey(email: string, client: string): string {
  return `p:${JSON.stringify([email, client])}`;
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
