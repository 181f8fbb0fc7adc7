import { z } from "zod";

type Json = Record<string, unknown>;
type Io = "input" | "output";

const REF = "#/components/schemas/";
// Marks the request (input) form of a shared schema until `components()` names it.
const INPUT = "~input";

/** Calls `fn` on every `$ref` value inside `node` and stores what it returns. */
function mapRefs(node: unknown, fn: (ref: string) => string): void {
  if (Array.isArray(node)) for (const item of node) mapRefs(item, fn);
  else if (node && typeof node === "object") {
    const obj = node as Json;
    if (typeof obj.$ref === "string") obj.$ref = fn(obj.$ref);
    for (const value of Object.values(obj)) mapRefs(value, fn);
  }
}

function refsOf(node: unknown): string[] {
  const refs: string[] = [];
  mapRefs(node, (ref) => {
    refs.push(ref);
    return ref;
  });
  return refs;
}

/**
 * Converts zod schemas to the JSON Schema of an OpenAPI 3.1 document. A schema
 * with `.meta({ id })` (packages/contract) becomes one entry of
 * `components.schemas`, referenced from every place that uses it, instead of
 * a `$defs` copy inside each operation (docs/openapi.md).
 */
export class SchemaComponents {
  private readonly found = new Map<string, Json>();

  convert(schema: z.ZodType, io: Io): Json {
    const json = z.toJSONSchema(schema, {
      io,
      unrepresentable: "any",
      target: "draft-2020-12",
    }) as Json;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, Json>;
    delete json.$defs;
    const suffix = io === "input" ? INPUT : "";
    const relink = (ref: string) =>
      ref.startsWith("#/$defs/") ? `${REF}${ref.slice("#/$defs/".length)}${suffix}` : ref;
    for (const [id, def] of Object.entries(defs)) {
      mapRefs(def, relink);
      const key = id + suffix;
      const known = this.found.get(key);
      if (known && JSON.stringify(known) !== JSON.stringify(def))
        throw new Error(`Two different schemas have the id '${id}'`);
      this.found.set(key, def);
    }
    mapRefs(json, relink);
    return json;
  }

  /** The schema a `$ref` made by `convert` points to, or `json` itself. */
  resolve(json: Json): Json {
    const ref = json.$ref;
    if (typeof ref !== "string" || !ref.startsWith(REF)) return json;
    return this.found.get(ref.slice(REF.length)) ?? json;
  }

  /**
   * `components.schemas`, and the final `$ref`s in `doc` (which holds every
   * converted schema). A request form equal to the answer form is one entry;
   * one that differs (defaults, transforms) is `<id>Input`.
   */
  components(doc: unknown): Record<string, Json> {
    const inputIds = [...this.found.keys()]
      .filter((k) => k.endsWith(INPUT))
      .map((k) => k.slice(0, -INPUT.length));
    const differs = new Set<string>();
    let changed = true;
    while (changed) {
      changed = false;
      for (const id of inputIds) {
        const output = this.found.get(id);
        if (differs.has(id) || !output) continue;
        const input = this.found.get(id + INPUT);
        const same =
          JSON.stringify(input).replaceAll(`${INPUT}"`, '"') === JSON.stringify(output) &&
          refsOf(input).every((ref) => !differs.has(ref.slice(REF.length, -INPUT.length)));
        if (!same) {
          differs.add(id);
          changed = true;
        }
      }
    }
    const nameOf = (key: string) => {
      if (!key.endsWith(INPUT)) return key;
      const id = key.slice(0, -INPUT.length);
      return this.found.has(id) && differs.has(id) ? `${id}Input` : id;
    };
    const rename = (ref: string) =>
      ref.startsWith(REF) ? REF + nameOf(ref.slice(REF.length)) : ref;
    const schemas: Record<string, Json> = {};
    for (const [key, schema] of this.found) {
      const name = nameOf(key);
      if (name in schemas) continue; // the input form equal to the answer form
      mapRefs(schema, rename);
      schemas[name] = schema;
    }
    mapRefs(doc, rename);
    return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  }
}
