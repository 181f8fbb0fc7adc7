import { Bundle, DEFAULT_JSON_MAX_DEPTH, bundlePath } from "@metabuild/contract";
import {
  BadRequest,
  NUL_REFUSAL,
  nestsDeeperThan,
  nulTextPath,
  printablePath,
  tooDeepMessage,
} from "@metabuild/core";
import YAML from "yaml";
import type { z } from "zod";
import { checkBundleNames } from "./check-names.ts";

/** A bundle that cannot be loaded; the message starts with the path of the offending entry. */
export class BundleError extends BadRequest {
  constructor(
    readonly path: readonly (string | number)[],
    detail: string,
  ) {
    super(path.length === 0 ? detail : `${bundlePath(path)}: ${detail}`);
  }
}

/** Whether the file has a value at `path` (zod does not keep the input in its issues). */
function present(data: unknown, path: readonly PropertyKey[]): boolean {
  let at: unknown = data;
  for (const key of path) {
    if (at === null || typeof at !== "object" || !(key in at)) return false;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at !== undefined;
}

/** How zod's issue reads in a bundle message: unknown keys are named one by one. */
function describe(
  data: unknown,
  issue: z.core.$ZodIssue,
): { path: (string | number)[]; detail: string }[] {
  const path = issue.path.map((p) => (typeof p === "symbol" ? String(p) : p));
  if (issue.code === "unrecognized_keys")
    return issue.keys.map((key) => ({ path: [...path, key], detail: "unknown key" }));
  if (issue.code === "invalid_type" && !present(data, path))
    return [{ path, detail: "is required" }];
  return [{ path, detail: issue.message }];
}

/** JSON.parse names a character offset; a person looks for a line and column. */
export function jsonErrorWithLine(text: string, message: string): string {
  const at = /at position (\d+)/.exec(message);
  if (!at) return message;
  const before = text.slice(0, Number(at[1]));
  const line = before.split("\n").length;
  const column = Number(at[1]) - before.lastIndexOf("\n");
  return `${message} (line ${line}, column ${column})`;
}

/** At most this many problems are listed; the first is enough to find the entry. */
const MAX_LISTED = 10;

/**
 * The `yaml` reader recurses: a few thousand levels overflow its stack, and
 * its message then names the stack, not the input (issue 28 item 5).
 */
export function isStackOverflow(message: string): boolean {
  return /maximum call stack size exceeded/i.test(message);
}

/** The text as data: YAML, or JSON by name; throws BundleError naming the line. */
export function parseBundleText(
  text: string,
  fileName = "bundle.yaml",
  maxDepth = DEFAULT_JSON_MAX_DEPTH,
): unknown {
  try {
    return fileName.toLowerCase().endsWith(".json") ? JSON.parse(text) : YAML.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    if (isStackOverflow(message)) throw new BundleError([], tooDeepMessage(fileName, maxDepth));
    throw new BundleError(
      [],
      `${fileName} is not valid ${fileName.endsWith(".json") ? "JSON" : "YAML"}: ${jsonErrorWithLine(text, message)}`,
    );
  }
}

/**
 * Parses and checks a bundle file's text (YAML, or JSON by name); throws
 * BundleError. `maxDepth` is METABUILD_MAX_JSON_DEPTH (docs/limits.md "Nesting").
 */
export function parseBundle(
  text: string,
  fileName = "bundle.yaml",
  maxDepth = DEFAULT_JSON_MAX_DEPTH,
): Bundle {
  return checkBundle(parseBundleText(text, fileName, maxDepth), fileName, maxDepth);
}

/** Checks parsed bundle data against the format; throws BundleError naming the entry. */
export function checkBundle(
  data: unknown,
  fileName = "bundle.yaml",
  maxDepth = DEFAULT_JSON_MAX_DEPTH,
): Bundle {
  if (data === null || typeof data !== "object" || Array.isArray(data))
    throw new BundleError([], `${fileName} must hold an object with 'version: 1'`);
  // Bounded on the way in: a deeper value would be stored, then break every export.
  if (nestsDeeperThan(data, maxDepth))
    throw new BundleError([], tooDeepMessage(fileName, maxDepth));
  // NUL first, for every text and key alike (docs/http-edge.md "NUL characters").
  const nul = nulTextPath(data);
  if (nul) throw new BundleError(printablePath(nul), NUL_REFUSAL);
  // On the data as read: the format's records would drop a `__proto__` key unseen.
  checkBundleNames(data);
  const parsed = Bundle.safeParse(data);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.flatMap((issue) => describe(data, issue));
  const first = problems[0] as { path: (string | number)[]; detail: string };
  const err = new BundleError(first.path, first.detail);
  if (problems.length > 1) {
    const more = problems
      .slice(1, MAX_LISTED)
      .map((p) => `\n${bundlePath(p.path)}: ${p.detail}`)
      .join("");
    const rest = problems.length > MAX_LISTED ? `\n… and ${problems.length - MAX_LISTED} more` : "";
    err.message += more + rest;
  }
  throw err;
}
