import type { VariableLevel } from "../cascade.ts";
import type { RenderProgram } from "./context.ts";
import type { RenderedFile } from "./engine.ts";
import { type PackedFile, packLargeFile, writeZipInTurns } from "./zip.ts";

export const MANIFEST_PATH = "manifest.json";

export interface ManifestInstance {
  id: number;
  name: string;
  folder: string;
  version: number;
  /** Each variable's value and the level of the cascade it came from. */
  variables: Record<string, { value: string | null; level: VariableLevel }>;
}

export interface ManifestFile {
  path: string;
  sha256: string;
  size: number;
  instance_id: number;
  template: string;
}

/**
 * What an archive holds and where each file came from. Nothing of the build
 * itself (id, times) is in it, so the same input gives the same bytes.
 */
export interface Manifest {
  format: 1;
  project: { id: number; name: string };
  pattern: RenderProgram["pattern"];
  instances: ManifestInstance[];
  files: ManifestFile[];
}

function byPath(a: { path: string }, b: { path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/**
 * Collects one pattern's rendered files; refuses a second file on a path
 * already taken, naming both instances.
 */
export class PatternArchive {
  private readonly instances: ManifestInstance[] = [];
  private readonly files = new Map<string, { file: RenderedFile; instance: ManifestInstance }>();

  constructor(private readonly program: RenderProgram) {}

  /** Adds an instance's files; returns an error text when a path is taken twice. */
  add(instance: ManifestInstance, files: RenderedFile[]): string | null {
    for (const file of files) {
      const taken = this.files.get(file.path);
      if (taken) {
        const where = (i: ManifestInstance) => `'${i.folder === "/" ? "" : i.folder}/${i.name}'`;
        return `Pattern '${this.program.pattern.name}': two files on the path '${file.path}' (instances ${where(taken.instance)} and ${where(instance)})`;
      }
      this.files.set(file.path, { file, instance });
    }
    this.instances.push(instance);
    return null;
  }

  get fileCount(): number {
    return this.files.size;
  }

  manifest(): Manifest {
    return {
      format: 1,
      project: this.program.project,
      pattern: this.program.pattern,
      instances: [...this.instances].sort((a, b) => a.id - b.id),
      files: [...this.files.values()]
        .map(({ file, instance }) => ({
          path: file.path,
          sha256: file.sha256,
          size: file.size,
          instance_id: instance.id,
          template: file.template,
        }))
        .sort(byPath),
    };
  }

  /** The zip: rendered files plus manifest.json; fails when a file is named manifest.json. */
  async zip(): Promise<{ data: Buffer; manifest: Manifest }> {
    const manifest = this.manifest();
    if (this.files.has(MANIFEST_PATH))
      throw new Error(
        `Pattern '${this.program.pattern.name}': a rendered file uses the reserved path '${MANIFEST_PATH}'`,
      );
    const entries: PackedFile[] = [...this.files.values()].map(({ file }) => file);
    const json = new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`);
    entries.push(await packLargeFile(MANIFEST_PATH, json));
    return { data: await writeZipInTurns(entries), manifest };
  }
}
