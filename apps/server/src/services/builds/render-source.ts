import {
  type InstanceInput,
  type ManifestInstance,
  type RenderOutputLimits,
  type RenderProgram,
  REFERENCE_DATATYPE,
  type VariableOverride,
  instanceHeader,
  resolveVariables,
} from "@metabuild/core";
import {
  type BuildRow,
  type Db,
  type RenderInstanceRow,
  findPatternById,
  findProjectById,
  folderChain,
  listSnippetsOf,
  loadRenderInstances,
  loadVariableCascade,
  loadPatternColumns,
  patternTemplates,
} from "@metabuild/db";
import { ReferenceTargets } from "./reference-targets.ts";

/**
 * Everything one pattern of a build renders from: the program (templates,
 * header, names) once, then the instances chunk by chunk with their
 * variables resolved by the cascade once per instance.
 */
export class PatternRenderSource {
  readonly program: RenderProgram;
  private readonly definitions: Awaited<ReturnType<typeof loadVariableCascade>>["definitions"];
  /** Project- and folder-level overrides apply to many instances; instance ones to one. */
  private readonly sharedOverrides: VariableOverride[] = [];
  private readonly overridesByInstance = new Map<number, VariableOverride[]>();
  private readonly chains = new Map<number, number[]>();
  private readonly byFolder = new Map<
    number,
    Awaited<ReturnType<PatternRenderSource["resolve"]>>
  >();

  /** Loads the pattern's program and variable cascade for `build` (store reads are asynchronous). */
  static async open(
    db: Db,
    /** A build, or what a preview stands in for one with (docs/patterns-authoring.md). */
    build: Pick<BuildRow, "id" | "customerId" | "projectId" | "description">,
    patternId: number,
    /** Distinguishes runs of one build, so a worker never reuses an older parse. */
    run: number,
    /** The configured output limits (docs/limits.md "Rendered output"). */
    outputLimits: RenderOutputLimits,
    /** Whether reference cells load their targets (not for the targets themselves). */
    withReferences = true,
  ): Promise<PatternRenderSource> {
    const pattern = await findPatternById(db, build.customerId, patternId);
    const project = await findProjectById(db, build.customerId, build.projectId);
    if (!pattern || !project) throw new Error(`pattern ${patternId} or project is gone`);
    const { properties, roles } = await loadPatternColumns(db, patternId);
    const program: RenderProgram = {
      key: `${build.id}:${patternId}:${run}`,
      project: { id: project.id, name: project.name },
      pattern: { id: pattern.id, name: pattern.name, type: pattern.type, vers_no: pattern.versNo },
      build: { id: build.id, description: build.description },
      header: instanceHeader(properties, roles),
      roles: roles.map((r) => r.name),
      templates: (await patternTemplates(db, patternId)).map((t) => ({
        path: t.path,
        body: t.body,
      })),
      snippets: (await listSnippetsOf(db, patternId)).map((s) => ({ name: s.name, body: s.body })),
      outputLimits,
    };
    const cascade = await loadVariableCascade(db, {
      customerId: build.customerId,
      patternId,
      projectId: build.projectId,
    });
    const references =
      withReferences && properties.some((p) => p.datatype === REFERENCE_DATATYPE)
        ? new ReferenceTargets(db, (targetPatternId) =>
            PatternRenderSource.open(db, build, targetPatternId, run, outputLimits, false),
          )
        : undefined;
    return new PatternRenderSource(db, program, cascade, references);
  }

  private constructor(
    private readonly db: Db,
    program: RenderProgram,
    cascade: Awaited<ReturnType<typeof loadVariableCascade>>,
    private readonly references: ReferenceTargets | undefined,
  ) {
    this.program = program;
    this.definitions = cascade.definitions;
    for (const o of cascade.overrides) {
      if (o.instanceId === null) this.sharedOverrides.push(o);
      else {
        const list = this.overridesByInstance.get(o.instanceId);
        if (list) list.push(o);
        else this.overridesByInstance.set(o.instanceId, [o]);
      }
    }
  }

  private async chain(folderId: number): Promise<number[]> {
    let ids = this.chains.get(folderId);
    if (!ids) {
      ids = (await folderChain(this.db, folderId)).map((f) => f.id);
      this.chains.set(folderId, ids);
    }
    return ids;
  }

  /** Inputs for the renderer and the manifest entries of a chunk of instance ids. */
  async load(ids: number[]): Promise<{ inputs: InstanceInput[]; manifest: ManifestInstance[] }> {
    const rows = await loadRenderInstances(this.db, ids);
    const inputs: InstanceInput[] = [];
    const manifest: ManifestInstance[] = [];
    for (const row of rows) {
      const { vars, variables } = await this.variablesOf(row);
      inputs.push({
        id: row.id,
        name: row.name,
        folder: row.folder,
        release: row.release,
        labels: row.labels,
        description: row.description,
        version: row.version,
        rowsJson: row.rowsJson,
        vars,
      });
      manifest.push({
        id: row.id,
        name: row.name,
        folder: row.folder,
        version: row.version,
        variables,
      });
    }
    await this.references?.attach(inputs);
    return { inputs, manifest };
  }

  private async variablesOf(row: RenderInstanceRow) {
    const own = this.overridesByInstance.get(row.id);
    // Without overrides of its own, an instance's variables are its folder's.
    if (!own) {
      let shared = this.byFolder.get(row.instanceFolderId);
      if (!shared) {
        shared = await this.resolve(row, undefined);
        this.byFolder.set(row.instanceFolderId, shared);
      }
      return shared;
    }
    return await this.resolve(row, own);
  }

  private async resolve(row: RenderInstanceRow, own: VariableOverride[] | undefined) {
    const resolved = resolveVariables(
      this.definitions,
      own ? [...this.sharedOverrides, ...own] : this.sharedOverrides,
      {
        projectId: this.program.project.id,
        folderChain: await this.chain(row.instanceFolderId),
        instanceId: row.id,
      },
    );
    const vars: InstanceInput["vars"] = {};
    const variables: ManifestInstance["variables"] = {};
    for (const [name, v] of resolved) {
      vars[name] = v.value;
      variables[name] = { value: v.value, level: v.level };
    }
    return { vars, variables };
  }
}
