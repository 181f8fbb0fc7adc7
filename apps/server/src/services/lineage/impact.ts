import { createHash } from "node:crypto";
import type { LineageImpact } from "@metabuild/contract";
import {
  type InstanceInput,
  type RenderOutputLimits,
  type RenderProgram,
  type Renderer,
  type RenderedFile,
  unifiedDiff,
  unpackText,
  walkLineage,
} from "@metabuild/core";
import {
  type Db,
  type LineageNodeRow,
  lineageEdgesAt,
  lineageNodes,
  listDeployments,
  transaction,
} from "@metabuild/db";
import { pageOrThrow } from "../paging.ts";
import { PatternRenderSource } from "../builds/render-source.ts";

/** Thrown inside the dry run's transaction so that nothing it wrote stays. */
class DryRunRollback extends Error {}

const CHUNK = 100;

/** A project as the impact reads it. */
export interface ImpactProject {
  id: number;
  customerId: number;
}

/**
 * Impact before a change (docs/lineage.md "Impact"): the change is applied
 * in a transaction that is always rolled back, the render inputs are read
 * inside it, and the files rendered before and after are compared, for the
 * instances the change touches and everything downstream of those that
 * change. Rendering happens outside the transaction.
 */
export class LineageImpactService {
  constructor(
    private readonly db: Db,
    private readonly renderer: Renderer,
    private readonly outputLimits: RenderOutputLimits,
  ) {}

  /**
   * `touched`: the instances whose own render input the change may alter;
   * `apply` makes the change (inside the rolled-back transaction).
   * `programChanges`: the change alters the touched instances' templates (a
   * pattern save), so each of them counts as changed input.
   */
  async of(
    project: ImpactProject,
    touched: readonly number[],
    apply: () => Promise<unknown>,
    options: { programChanges?: boolean } = {},
  ): Promise<LineageImpact> {
    const before = await this.inputs(project, touched);
    const after = await this.inputsAfter(project, touched, apply);
    const direct = options.programChanges
      ? [...touched]
      : touched.filter((id) => !sameInput(before.get(id), after.get(id)));
    // What reads a changed instance may render differently too (templates see their targets).
    const downstream = [
      ...(
        await walkLineage(direct, "downstream", undefined, (ids, side) =>
          lineageEdgesAt(this.db, project.id, ids, side),
        )
      ).nodes,
    ].filter((id) => !direct.includes(id));
    if (downstream.length > 0) {
      for (const [id, input] of await this.inputs(project, downstream)) before.set(id, input);
      for (const [id, input] of await this.inputsAfter(project, downstream, apply))
        after.set(id, input);
    }
    return await this.compare(project, [...direct, ...downstream], before, after);
  }

  private async inputsAfter(
    project: ImpactProject,
    ids: readonly number[],
    apply: () => Promise<unknown>,
  ): Promise<Map<number, Keyed>> {
    let read = new Map<number, Keyed>();
    try {
      await transaction(this.db, async () => {
        await apply();
        read = await this.inputs(project, ids);
        throw new DryRunRollback();
      });
    } catch (err) {
      if (!(err instanceof DryRunRollback)) throw err;
    }
    return read;
  }

  /** The render inputs of `ids`, each with its pattern's program, by instance id. */
  private async inputs(
    project: ImpactProject,
    ids: readonly number[],
  ): Promise<Map<number, Keyed>> {
    const out = new Map<number, Keyed>();
    const nodes = await lineageNodes(this.db, project.id, ids);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    for (const [patternId, group] of groupBy(nodes, (n) => n.patternId)) {
      const source = await PatternRenderSource.open(
        this.db,
        { id: 0, customerId: project.customerId, projectId: project.id, description: "impact" },
        patternId,
        0,
        this.outputLimits,
      );
      for (let at = 0; at < group.length; at += CHUNK) {
        const { inputs } = await source.load(group.slice(at, at + CHUNK).map((n) => n.id));
        for (const input of inputs)
          out.set(input.id, { input, source, node: byId.get(input.id) as LineageNodeRow });
      }
    }
    return out;
  }

  private async compare(
    project: ImpactProject,
    ids: readonly number[],
    before: Map<number, Keyed>,
    after: Map<number, Keyed>,
  ): Promise<LineageImpact> {
    const changed: LineageImpact["changed"] = [];
    let sample: LineageImpact["sample"] = null;
    const patterns = new Map<number, string>();
    const [old, now] = await Promise.all([this.render(ids, before), this.render(ids, after)]);
    for (const id of ids) {
      const a = old.get(id) ?? [];
      const b = now.get(id) ?? [];
      const differing = changedFiles(a, b);
      if (differing.length === 0) continue;
      const node = (after.get(id) ?? before.get(id))?.node as LineageNodeRow;
      changed.push({
        id,
        pattern: node.pattern,
        folder: node.folder,
        name: node.name,
        files: differing.length,
      });
      patterns.set(node.patternId, node.pattern);
      if (!sample) {
        const path = differing[0] as string;
        const text = async (files: RenderedFile[]) => {
          const f = files.find((x) => x.path === path);
          return f ? await unpackText(f) : "";
        };
        sample = {
          instance_id: id,
          path,
          diff: unifiedDiff(await text(a), await text(b), {
            fromName: `${path} (now)`,
            toName: `${path} (after)`,
          }),
        };
      }
    }
    // Validation reads rows and references, never variables or renders: the
    // changes measured here (variable values) make nothing invalid.
    return {
      changed,
      invalid: [],
      deployments: await this.deploymentsOf(project, patterns),
      sample,
    };
  }

  private async deploymentsOf(project: ImpactProject, patterns: Map<number, string>) {
    const out: LineageImpact["deployments"] = [];
    for (const [patternId, pattern] of patterns) {
      const page = pageOrThrow(
        await listDeployments(this.db, { customerId: project.customerId, patternId }),
      );
      for (const d of page.items) out.push({ id: d.id, pattern, name: d.name });
    }
    return out;
  }

  /** A chunk's files; on a template error, instance by instance (renderEach). */
  private async renderTolerant(
    program: Parameters<Renderer["render"]>[0],
    inputs: InstanceInput[],
  ): Promise<{ instanceId: number; files: RenderedFile[] }[]> {
    try {
      return await this.renderer.render(program, inputs);
    } catch {
      return await renderEach(this.renderer, program, inputs);
    }
  }

  /** Files by instance, rendered a chunk at a time per pattern. */
  private async render(
    ids: readonly number[],
    inputs: Map<number, Keyed>,
  ): Promise<Map<number, RenderedFile[]>> {
    const out = new Map<number, RenderedFile[]>();
    const present = ids.map((id) => inputs.get(id)).filter((k): k is Keyed => k !== undefined);
    for (const [, group] of groupBy(present, (k) => k.source)) {
      const program = impactProgram(group[0].source.program);
      for (let at = 0; at < group.length; at += CHUNK)
        for (const r of await this.renderTolerant(
          program,
          group.slice(at, at + CHUNK).map((k) => k.input),
        ))
          out.set(r.instanceId, r.files);
    }
    return out;
  }
}

/**
 * The program an impact renders with: files stored, not deflated (only
 * compared), and keyed by its whole content, so both sides and the next dry
 * run reuse the parsed templates while nothing of it changed (docs/lineage.md
 * "Impact").
 */
function impactProgram(program: RenderProgram): RenderProgram {
  const stored = { ...program, key: "", storeOnly: true };
  const content = createHash("sha256").update(JSON.stringify(stored)).digest("hex");
  return { ...stored, key: `impact:${program.pattern.id}:${content}` };
}

/** A template failing for one instance renders no files for it; the others still count. */
async function renderEach(
  renderer: Renderer,
  program: Parameters<Renderer["render"]>[0],
  inputs: InstanceInput[],
): Promise<{ instanceId: number; files: RenderedFile[] }[]> {
  const out: { instanceId: number; files: RenderedFile[] }[] = [];
  for (const input of inputs) {
    try {
      out.push(...(await renderer.render(program, [input])));
    } catch {
      out.push({ instanceId: input.id, files: [] });
    }
  }
  return out;
}

interface Keyed {
  input: InstanceInput;
  source: PatternRenderSource;
  node: LineageNodeRow;
}

function sameInput(a: Keyed | undefined, b: Keyed | undefined): boolean {
  if (!a || !b) return a === b;
  return JSON.stringify(a.input) === JSON.stringify(b.input);
}

/** Paths whose content differs, or that only one side has. */
function changedFiles(a: RenderedFile[], b: RenderedFile[]): string[] {
  const before = new Map(a.map((f) => [f.path, f.sha256]));
  const after = new Map(b.map((f) => [f.path, f.sha256]));
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((p) => before.get(p) !== after.get(p)).sort();
}

function groupBy<T, K>(items: readonly T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
