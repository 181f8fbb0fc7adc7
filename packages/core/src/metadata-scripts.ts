/**
 * Rules for saved SQL scripts of a project's meta database
 * (docs/metadata-scripts.md): where a script lives, what it may be called,
 * and the answer to a save based on an older version.
 */
import type { WriteLimits } from "@metabuild/contract";
import { BadRequest, Conflict } from "./errors.ts";
import { folderPathSegments } from "./folder-path.ts";
import { checkFolderSegments, checkLength } from "./limits.ts";
import { checkNameCharacters } from "./name-characters.ts";

/** A checked script folder: its normal form and the paths of it and its ancestors (root excluded). */
export interface ScriptFolderPlace {
  path: string;
  segments: string[];
  /** `/a`, `/a/b`, … down to the folder itself: the rows that must exist. */
  lineage: string[];
}

/** The normal form of a script folder path given in `field`, within the path limits. */
export function scriptFolderPlace(
  raw: string,
  limits: WriteLimits,
  field: string,
): ScriptFolderPlace {
  const segments = folderPathSegments(raw);
  checkFolderSegments(segments, raw, limits, field);
  const lineage = segments.map((_, k) => `/${segments.slice(0, k + 1).join("/")}`);
  return { path: `/${segments.join("/")}`, segments, lineage };
}

/** The trimmed script name, or a 400 naming `field`: empty, too long, `/` or a hidden character. */
export function checkScriptName(raw: string, limits: WriteLimits, field = "name"): string {
  const name = raw.trim();
  if (name === "") throw new BadRequest(`Invalid value for '${field}': a script name is required`);
  checkLength(name, limits.nameLength, field);
  checkNameCharacters(name, field);
  // A '/' would read as a folder in the script's path.
  if (name.includes("/"))
    throw new BadRequest(`Invalid value for '${field}': a script name must not contain '/'`);
  return name;
}

/** `/a/b` + `x` → `/a/b/x`; the root's scripts are `/x`. */
export function scriptPath(folder: string, name: string): string {
  return folder === "/" ? `/${name}` : `${folder}/${name}`;
}

/** A save based on a version that is no longer the current one (like instance writes). */
export class ScriptVersionConflict extends Conflict {
  constructor(
    path: string,
    baseVersion: number,
    current: { version: number; user: string | null },
  ) {
    const by = current.user ?? "someone";
    super(
      baseVersion < current.version
        ? `Script '${path}' was saved as version ${current.version} by ${by} after version ${baseVersion} that this change is based on`
        : `Script '${path}' is at version ${current.version} (saved by ${by}), not version ${baseVersion} that this change is based on`,
    );
    this.data = { version: current.version, user: current.user };
  }
}
