import type { InstanceCopy, InstanceCreate, InstanceEditing } from "@metabuild/contract";
import { NotFound, type Principal, messages, storedRowCells } from "@metabuild/core";
import {
  type Db,
  copyInstanceOverrides,
  findInstanceWithNames,
  labelNamesOf,
  loadStoredRows,
  transaction,
} from "@metabuild/db";
import type { AccessService } from "../access.ts";
import type { InstanceEditingService } from "./editing.ts";
import { type InstanceWrite, type InstanceWriter, instancePath } from "./writer.ts";

/**
 * New instances from the console: an empty one of a pattern, or a copy of an
 * existing one under another name or folder. Both go through InstanceWriter
 * (validation, version 1, its commit) and leave the new instance checked out
 * to its creator, who is about to fill it in. An existing instance of the
 * same pattern, folder and name is never touched (the writer answers 409).
 */
export class InstanceCreationService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly writer: InstanceWriter,
    private readonly editing: InstanceEditingService,
  ) {}

  async create(principal: Principal, input: InstanceCreate): Promise<InstanceEditing> {
    const project = await this.access.projectById(principal, input.project_id);
    await this.access.require(principal, project.id, "write_instances");
    return await this.insert(
      principal,
      {
        projectId: project.id,
        patternId: input.pattern_id,
        folder: input.folder,
        name: input.name,
        rows: [],
        description: input.description ?? null,
      },
      "Created in the console",
    );
  }

  /**
   * Rows (in their positions), description, labels and the instance's own
   * variable values; not flags, release or checkout.
   */
  async copy(
    principal: Principal,
    sourceId: number,
    input: InstanceCopy,
  ): Promise<InstanceEditing> {
    const source = await findInstanceWithNames(this.db, principal.customerId, sourceId);
    if (!source) throw new NotFound(messages.recordNotFound(sourceId));
    const { instance } = source;
    await this.access.require(principal, instance.projectId, "write_instances");
    const rows = storedRowCells(await loadStoredRows(this.db, instance.id));
    const { id } = await transaction(this.db, async () => {
      const written = await this.write(
        principal,
        {
          projectId: instance.projectId,
          patternId: instance.patternId,
          folder: input.folder,
          name: input.name,
          rows,
          description: instance.description,
          labels: await labelNamesOf(this.db, instance.id),
        },
        `Copied from ${instancePath(source.folder, instance.name)} version ${instance.version}`,
      );
      await copyInstanceOverrides(this.db, instance.id, written.id);
      return written;
    });
    return await this.editing.checkout(principal, id);
  }

  private async insert(
    principal: Principal,
    write: InstanceWrite,
    message: string,
  ): Promise<InstanceEditing> {
    return await this.editing.checkout(principal, (await this.write(principal, write, message)).id);
  }

  private async write(principal: Principal, write: InstanceWrite, message: string) {
    return await this.writer.write(principal, write, {
      source: "console",
      overwrite: false,
      createOnly: true,
      message,
    });
  }
}
