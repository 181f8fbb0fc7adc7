/**
 * The in-process event bus: builds, agents and deployments publish what
 * happens; the console's event stream (GET /api/console/events) subscribes.
 * Events carry their customer (and project, when they have one) so a stream
 * only ever forwards its own tenant's events.
 */
export interface AppEvent {
  /** e.g. `build.progress`, `build.status`, `agent.online`. */
  type: string;
  /** The tenant; events without one are never forwarded to a stream. */
  customerId?: number;
  /** Set for project-scoped events: only users with access to it see them. */
  projectId?: number;
  [key: string]: unknown;
}

export type EventListener = (event: AppEvent) => unknown;

/** The type of the signal that ends event streams; it has no customer, so no client sees it. */
export const SESSION_ENDED = "session.ended";

/**
 * Published when sessions lose what they could see: a sign-out (`jti` set),
 * a disabled user, a removed grant (`projectId` set). The streams of the
 * matching sessions end at once (docs/sessions.md).
 */
export function sessionEnded(end: { userId: number; jti?: string; projectId?: number }): AppEvent {
  return { type: SESSION_ENDED, ...end };
}

/** True when `event` ends the session of user `userId` holding token `jti`. */
export function endsSession(event: AppEvent, session: { userId: number; jti: string }): boolean {
  if (event.type !== SESSION_ENDED || event.customerId !== undefined) return false;
  if (event.userId !== session.userId) return false;
  return event.jti === undefined || event.jti === session.jti;
}

/** The signal that ends every event stream because the server stops; no client sees it as an event. */
export const SERVER_STOPPING = "server.stopping";

export function serverStopping(): AppEvent {
  return { type: SERVER_STOPPING };
}

export interface SubscribeOptions {
  /**
   * Also hear what other server processes on the store publish (docs/scale-out.md
   * "Events"): console streams do; domain listeners (the plan runner) act on
   * their own process's events only, so one change is acted on once.
   */
  fromOtherProcesses?: boolean;
}

export class EventBus {
  private readonly listeners = new Map<EventListener, SubscribeOptions>();
  /** Sends this process's events to the other processes (set by `relayEvents`). */
  private outbox?: (event: AppEvent) => void;

  /** Asynchronous listeners still working on an event. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly onListenerError: (err: unknown) => void = () => {}) {}

  /** Resolves once every listener has finished with the events published so far (and their own). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  publish(event: AppEvent): void {
    this.deliver(event, false);
    if (event.type !== SERVER_STOPPING) this.outbox?.(event);
  }

  /** An event another server process published (docs/scale-out.md "Events"). */
  publishFromOtherProcess(event: AppEvent): void {
    this.deliver(event, true);
  }

  /** Where this process's events go besides its own listeners. */
  relayTo(outbox: ((event: AppEvent) => void) | undefined): void {
    this.outbox = outbox;
  }

  private deliver(event: AppEvent, fromOtherProcess: boolean): void {
    for (const [listener, options] of [...this.listeners]) {
      if (fromOtherProcess && !options.fromOtherProcesses) continue;
      try {
        // An asynchronous listener's failure is reported the same way.
        const done = listener(event) as unknown;
        if (done instanceof Promise) {
          this.inFlight.add(done);
          done.catch(this.onListenerError).finally(() => this.inFlight.delete(done));
        }
      } catch (err) {
        // One broken subscriber must not stop the others or the publisher.
        this.onListenerError(err);
      }
    }
  }

  /** Returns the function that unsubscribes. */
  subscribe(listener: EventListener, options: SubscribeOptions = {}): () => void {
    this.listeners.set(listener, options);
    return () => {
      this.listeners.delete(listener);
    };
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }
}

/** How long a feed trusts a project permission check before asking again. */
const PERMISSION_CACHE_MS = 5000;

/**
 * One subscriber's view of the bus (one console event stream): only its
 * customer's events and projects it may read, and only the latest state of
 * each build, so a slow reader skips intermediate progress instead of lagging.
 */
export class EventFeed {
  private readonly pending = new Map<string, AppEvent>();
  private readonly permissions = new Map<number, { allowed: boolean; at: number }>();
  private wake: (() => void) | null = null;
  private sequence = 0;
  closed = false;

  /** Events waiting for a permission check, kept in order behind it. */
  private checks: Promise<void> = Promise.resolve();
  private checking = 0;

  constructor(
    private readonly customerId: number,
    private readonly canSeeProject: (projectId: number) => Promise<boolean>,
  ) {}

  /** The answer known without asking the store, or undefined. */
  private knownAllowed(event: AppEvent): boolean | undefined {
    if (event.customerId !== this.customerId) return false;
    if (event.projectId === undefined) return true;
    const cached = this.permissions.get(event.projectId);
    if (cached && Date.now() - cached.at < PERMISSION_CACHE_MS) return cached.allowed;
    return undefined;
  }

  private async allowed(event: AppEvent): Promise<boolean> {
    const known = this.knownAllowed(event);
    if (known !== undefined || event.projectId === undefined) return known ?? true;
    const allowed = await this.canSeeProject(event.projectId);
    this.permissions.set(event.projectId, { allowed, at: Date.now() });
    return allowed;
  }

  /**
   * The bus listener: keeps the event if this subscriber may see it. A check
   * that must ask the store is asynchronous; later events wait behind it so
   * the stream keeps the bus's order.
   */
  offer(event: AppEvent): void {
    if (this.closed) return;
    const known = this.checking === 0 ? this.knownAllowed(event) : undefined;
    if (known !== undefined) {
      if (known) this.keep(event);
      return;
    }
    this.checking++;
    this.checks = this.checks.then(async () => {
      try {
        if (!this.closed && (await this.allowed(event))) this.keep(event);
      } catch {
        // The store closed under the check (shutdown): the stream ends anyway.
      } finally {
        this.checking--;
      }
    });
  }

  private keep(event: AppEvent): void {
    const build = event.build as { id?: number } | undefined;
    // A build's newer state replaces an unsent older one; other events all go out.
    const key = build?.id !== undefined ? `build:${build.id}` : `event:${this.sequence++}`;
    this.pending.delete(key);
    this.pending.set(key, event);
    this.wake?.();
  }

  /** The events gathered so far, waiting up to `timeoutMs` for one; [] on timeout or close. */
  async next(timeoutMs: number): Promise<AppEvent[]> {
    await this.checks; // events offered so far are kept or dropped first
    if (this.pending.size === 0 && !this.closed) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, timeoutMs);
        const self = this;
        function done() {
          clearTimeout(timer);
          self.wake = null;
          resolve();
        }
        this.wake = done;
      });
    }
    const batch = [...this.pending.values()];
    this.pending.clear();
    return batch;
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  /** Closes and drops what is still unsent: the session may no longer see it. */
  end(): void {
    this.pending.clear();
    this.close();
  }
}
