import { folderPathSegments, nameCharacterProblem } from "@metabuild/core";
import { BundleError } from "./parse.ts";

type EntryPath = (string | number)[];

/** Keys whose text value is a name. */
const NAME_KEYS = new Set(["name", "release"]);
/** Keys whose value is a list of names. */
const NAME_LIST_KEYS = new Set(["labels", "releases"]);

function check(name: string, path: EntryPath): void {
  const problem = nameCharacterProblem(name);
  if (problem !== undefined) throw new BundleError(path, problem);
}

function checkFolder(path: string, at: EntryPath): void {
  for (const segment of folderPathSegments(path)) check(segment, at);
}

/**
 * Every name of a bundle (or of one of its patterns) against the one rule
 * for the characters of names (docs/limits.md "Characters of names"):
 * names, releases and labels, folder paths, the columns of rows. A refusal
 * names the entry, e.g. `projects[0].instances[2].name: must not contain …`.
 * Nesting is bounded before this runs (METABUILD_MAX_JSON_DEPTH).
 */
export function checkBundleNames(value: unknown, path: EntryPath = []): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) checkBundleNames(item, [...path, i]);
    return;
  }
  if (value === null || typeof value !== "object") return;
  const inFolders = path[path.length - 2] === "folders";
  for (const [key, child] of Object.entries(value)) {
    const at = [...path, key];
    if (typeof child === "string") {
      if (NAME_KEYS.has(key)) check(child, at);
      else if (key === "folder" || (key === "path" && inFolders)) checkFolder(child, at);
    } else if (NAME_LIST_KEYS.has(key) && Array.isArray(child)) {
      for (const [i, item] of child.entries())
        if (typeof item === "string") check(item, [...at, i]);
    } else if (key === "rows" && Array.isArray(child)) {
      for (const [i, row] of child.entries())
        if (row !== null && typeof row === "object")
          for (const column of Object.keys(row)) check(column, [...at, i, column]);
    } else checkBundleNames(child, at);
  }
}
