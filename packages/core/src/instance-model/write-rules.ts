import { Conflict } from "../errors.ts";

/** Where a change comes from; it decides which flags and checkouts apply (docs/console-instance-writes.md). */
export type WriteSource = "upload" | "sql" | "import" | "console";

/** What decides whether an existing instance may change now. */
export interface RefusalFacts {
  /** The instance's path, for messages. */
  path: string;
  source: WriteSource;
  /** Without it an existing instance stays as it is ("already exists"). */
  overwrite: boolean;
  editDisabled: boolean;
  uploadDisabled: boolean;
  insertDisabled: boolean;
  /** The holder of a live checkout, if any. */
  holder: { id: number; email: string } | undefined;
  actorId: number | undefined;
  /** An admin in the console may change an edit-disabled instance: only so can the lock be lifted. */
  mayUnlock?: boolean;
  /** An admin may release (check in) another user's checkout. */
  mayRelease?: boolean;
}

export interface Refusal {
  /** Short, for a SKIPPED outcome: `edit disabled`, `checked out by ann@acme.test`. */
  reason: string;
  /** The whole sentence, for a 403: `Instance '/a/B' is read-only (edit disabled)`. */
  message: string;
  /** Uploads (and imports without overwrite) report it as SKIPPED; the others answer 403. */
  skipped: boolean;
}

/**
 * Why an existing instance may not change now, by every way in (the one
 * place these rules live, docs/console-instance-writes.md): imports are an
 * administrator's load of the declared state and are never refused.
 */
export function writeRefusal(f: RefusalFacts): Refusal | undefined {
  const refuse = (reason: string, message: string, skipped = false) => ({
    reason,
    message,
    skipped,
  });
  const already = refuse("already exists", `Instance '${f.path}' already exists`, true);
  if (f.source === "import") return f.overwrite ? undefined : already;
  if (f.source === "upload" && f.uploadDisabled)
    return refuse("upload disabled", `Instance '${f.path}' is upload-disabled`, true);
  if (f.source === "sql" && f.insertDisabled)
    return refuse("insert disabled", `Instance '${f.path}' is insert-disabled`);
  if (f.source === "console" && f.editDisabled && !f.mayUnlock)
    return refuse("edit disabled", `Instance '${f.path}' is read-only (edit disabled)`);
  if (f.holder !== undefined && f.holder.id !== f.actorId && !f.mayRelease) {
    const reason = `checked out by ${f.holder.email}`;
    return refuse(reason, `Instance '${f.path}' is ${reason}`, f.source === "upload");
  }
  if (!f.overwrite) return already;
  return undefined;
}

/** Who made the instance's current version. */
export interface CurrentVersion {
  version: number;
  /** The e-mail of its author; null when no user made it (a system import). */
  user: string | null;
  /** Its author's id, so a client can tell its own save in another tab from someone else's. */
  user_id: number | null;
}

/** 409: the instance changed since the version a change is based on. */
export class VersionConflict extends Conflict {
  constructor(
    readonly path: string,
    readonly baseVersion: number,
    readonly current: CurrentVersion,
  ) {
    const by = current.user ?? "the system";
    super(
      baseVersion < current.version
        ? `Instance '${path}' was saved as version ${current.version} by ${by} after version ${baseVersion} that this change is based on`
        : `Instance '${path}' is at version ${current.version} (saved by ${by}), not version ${baseVersion} that this change is based on`,
    );
    this.data = { version: current.version, user: current.user, user_id: current.user_id };
  }
}
