import {
  type Principal,
  type Refusal,
  type RefusalFacts,
  type WriteSource,
  writeRefusal,
} from "@metabuild/core";
import { type Db, type InstanceRecord, findUserById } from "@metabuild/db";
import type { Clock } from "../../infra/clock.ts";

export interface RefusalOptions {
  source: WriteSource;
  overwrite: boolean;
  mayUnlock?: boolean;
  mayRelease?: boolean;
}

/**
 * The refusal rules of core's `writeRefusal` applied to a stored instance:
 * adds who holds a live checkout (METABUILD_CHECKOUT_TTL). The writer, the
 * editor (read-only reason, checkout, check-in), bulk changes and restore
 * all ask here, so the rules are the same for every way in.
 */
export class InstanceRefusals {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** METABUILD_CHECKOUT_TTL in seconds. */
    private readonly checkoutTtlSeconds: number,
  ) {}

  async refusal(
    actor: Pick<Principal, "id"> | null,
    instance: InstanceRecord,
    path: string,
    options: RefusalOptions,
  ): Promise<Refusal | undefined> {
    const facts: RefusalFacts = {
      path,
      ...options,
      editDisabled: instance.editDisabled === 1,
      uploadDisabled: instance.uploadDisabled === 1,
      insertDisabled: instance.insertDisabled === 1,
      holder: await this.checkoutHolder(instance),
      actorId: actor?.id,
    };
    return writeRefusal(facts);
  }

  /** The user holding a live (unexpired) checkout of the instance. */
  async checkoutHolder(
    instance: InstanceRecord,
  ): Promise<{ id: number; email: string } | undefined> {
    if (instance.checkedOutByUserId === null) return undefined;
    const since = instance.checkedOutAt ? Date.parse(instance.checkedOutAt) : Number.NaN;
    const expired =
      Number.isFinite(since) &&
      this.clock.now().getTime() - since >= this.checkoutTtlSeconds * 1000;
    if (expired) return undefined;
    const user = await findUserById(this.db, instance.checkedOutByUserId);
    return {
      id: instance.checkedOutByUserId,
      email: user?.email ?? `user ${instance.checkedOutByUserId}`,
    };
  }
}
