/**
 * Counts failed sign-ins per e-mail and per client address in a sliding
 * window; past the limit further attempts are refused until the window ends.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: {
      perEmail: number;
      perClient: number;
      windowMs: number;
      /** Failures for ever new e-mails must not grow memory without bound. */
      maxKeys: number;
    },
    private readonly now: () => number = Date.now,
  ) {}

  /** How many e-mails and client addresses are being tracked. */
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

  /** Seconds to wait before another attempt, or 0 when one is allowed. */
  retryAfter(email: string, client: string): number {
    const checks: [string, number][] = [
      [`e:${email}`, this.limits.perEmail],
      [`c:${client}`, this.limits.perClient],
    ];
    let wait = 0;
    for (const [key, limit] of checks) {
      const list = this.recent(key);
      if (list.length >= limit) {
        const oldest = list[list.length - limit];
        wait = Math.max(wait, Math.ceil((oldest + this.limits.windowMs - this.now()) / 1000));
      }
    }
    return wait;
  }

  fail(email: string, client: string): void {
    for (const key of [`e:${email}`, `c:${client}`]) {
      const list = this.recent(key);
      list.push(this.now());
      this.failures.set(key, list);
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

  succeed(email: string): void {
    this.failures.delete(`e:${email}`);
  }
}
