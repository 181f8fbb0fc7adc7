import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { Bundle } from "@metabuild/contract";
import { DEFAULT_JSON_MAX_DEPTH } from "@metabuild/contract";
import { tooDeepMessage } from "@metabuild/core";
import { BundleError, checkBundle, isStackOverflow, parseBundle } from "./parse.ts";

/** Below this many characters a YAML bundle is parsed in the request's own thread. */
export const OFF_THREAD_FROM_CHARS = 256 * 1024;

const yamlModule = createRequire(import.meta.url).resolve("yaml");

// Plain JavaScript, evaluated without the tsx loader: the thread starts in milliseconds.
const PARSER = `
const { parentPort, workerData } = require("node:worker_threads");
const YAML = require(workerData.yaml);
try {
  parentPort.postMessage({ data: YAML.parse(workerData.text) });
} catch (err) {
  parentPort.postMessage({ error: String(err && err.message) });
}
`;

function parseYamlInWorker(text: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PARSER, {
      eval: true,
      execArgv: [],
      workerData: { yaml: yamlModule, text },
    });
    worker.once("message", (m: { data?: unknown; error?: string }) => {
      if (m.error !== undefined) reject(new Error(m.error));
      else resolve(m.data);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

/**
 * parseBundle for the server: the `yaml` package parses about a hundred times
 * slower than JSON.parse (docs/bundles.md, "Over HTTP"), so a large YAML
 * bundle is parsed in a worker thread and the server keeps answering;
 * checking the data stays here. Same results and messages as parseBundle.
 */
export async function parseBundleOffThread(
  text: string,
  fileName: string,
  fromChars = OFF_THREAD_FROM_CHARS,
  maxDepth = DEFAULT_JSON_MAX_DEPTH,
): Promise<Bundle> {
  if (fileName.toLowerCase().endsWith(".json") || text.length < fromChars)
    return parseBundle(text, fileName, maxDepth);
  let data: unknown;
  try {
    data = await parseYamlInWorker(text);
  } catch (err) {
    const message = (err as Error).message;
    if (isStackOverflow(message)) throw new BundleError([], tooDeepMessage(fileName, maxDepth));
    throw new BundleError([], `${fileName} is not valid YAML: ${message}`);
  }
  return checkBundle(data, fileName, maxDepth);
}
