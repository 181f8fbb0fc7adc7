import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { Bundle } from "@metabuild/contract";
import { PayloadTooLarge, tooDeepMessage } from "@metabuild/core";
import { BundleError, checkBundle, jsonErrorWithLine } from "./parse.ts";

/** What one bundle over HTTP may cost (docs/limits.md "Cost of one request"). */
export interface BundleTextLimits {
  /** Entries of all lists together (METABUILD_BUNDLE_MAX_ITEMS). */
  maxItems: number;
  /** Lists and maps inside each other (METABUILD_MAX_JSON_DEPTH, as for every JSON body). */
  maxDepth: number;
}

const yamlModule = createRequire(import.meta.url).resolve("yaml");

// Plain JavaScript, evaluated without the tsx loader: the thread starts in milliseconds.
// YAML is first read into the `yaml` package's syntax tree only, token by token, and
// refused as soon as it nests deeper than allowed: deep `[[[…` costs the package
// seconds per 100 KB otherwise. Then the data's lists are counted before it is sent back.
const PARSER = `
const { parentPort, workerData } = require("node:worker_threads");
const YAML = require(workerData.yaml);
const { text, json, maxDepth, maxItems } = workerData;
const COLLECTIONS = new Set(["block-map", "block-seq", "flow-collection"]);

function yamlTooDeepAt() {
  const lines = new YAML.LineCounter();
  const parser = new YAML.Parser(lines.addNewLine);
  lines.addNewLine(0);
  for (const lexeme of parser.lexer.lex(text, false)) {
    for (const _ of parser.next(lexeme));
    if (parser.stack.length <= maxDepth) continue;
    let depth = 0;
    for (const token of parser.stack) if (COLLECTIONS.has(token.type)) depth++;
    if (depth > maxDepth) return lines.linePos(parser.offset).line;
  }
  return undefined;
}

function refusal(data) {
  let items = 0;
  const todo = [[data, 1]];
  while (todo.length > 0) {
    const [value, depth] = todo.pop();
    if (depth > maxDepth) return { depth: true };
    const list = Array.isArray(value);
    if (list) {
      items += value.length;
      if (items > maxItems) return { items: true };
    }
    for (const child of list ? value : Object.values(value))
      if (child !== null && typeof child === "object") todo.push([child, depth + 1]);
  }
  return undefined;
}

let answer;
try {
  const line = json ? undefined : yamlTooDeepAt();
  if (line !== undefined) answer = { refused: { depth: true, line } };
  else {
    const data = json ? JSON.parse(text) : YAML.parse(text);
    const refused = data !== null && typeof data === "object" ? refusal(data) : undefined;
    answer = refused ? { refused } : { data };
  }
} catch (err) {
  answer = { error: String(err && err.message) };
}
parentPort.postMessage(answer);
`;

interface Answer {
  data?: unknown;
  error?: string;
  refused?: { depth?: boolean; items?: boolean; line?: number };
}

function parseInWorker(text: string, json: boolean, limits: BundleTextLimits): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PARSER, {
      eval: true,
      execArgv: [],
      workerData: { yaml: yamlModule, text, json, ...limits },
    });
    worker.once("message", (m: Answer) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

/**
 * parseBundle for the server: the text is parsed in a worker thread, so the
 * server keeps answering (the `yaml` package parses about a hundred times
 * slower than JSON.parse: docs/bundles.md, "Over HTTP"), and a bundle past
 * the limits of one request is refused there, before its data reaches this
 * thread. Checking the data stays here. Same results and messages as parseBundle.
 */
export async function parseBundleOffThread(
  text: string,
  fileName: string,
  limits: BundleTextLimits,
): Promise<Bundle> {
  const json = fileName.toLowerCase().endsWith(".json");
  const kind = json ? "JSON" : "YAML";
  const answer = await parseInWorker(text, json, limits);
  if (answer.error !== undefined)
    throw new BundleError(
      [],
      `${fileName} is not valid ${kind}: ${json ? jsonErrorWithLine(text, answer.error) : answer.error}`,
    );
  if (answer.refused?.items)
    throw new PayloadTooLarge(
      `${fileName} has more than ${limits.maxItems} entries in its lists (METABUILD_BUNDLE_MAX_ITEMS); split it, or load it with 'metabuild import'`,
    );
  if (answer.refused?.depth)
    throw new BundleError(
      [],
      tooDeepMessage(
        answer.refused.line === undefined ? fileName : `${fileName} (line ${answer.refused.line})`,
        limits.maxDepth,
      ),
    );
  return checkBundle(answer.data, fileName, limits.maxDepth);
}
