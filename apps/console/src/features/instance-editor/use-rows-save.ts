import type { InstanceRowsSave } from "@metabuild/contract";
import { useState } from "react";
import { instanceRowsImpact } from "../lineage/api/instance-rows-impact.ts";
import { useImpactFirst } from "../lineage/components/use-impact-first.tsx";
import { useSaveInstanceRows } from "./api/save-instance-rows.ts";

/**
 * The editor's save of its rows: first what it changes downstream (the
 * impact dialog when another instance renders differently or anything
 * becomes invalid, docs/lineage.md "Impact"), then the
 * save. A 409 of either goes to `caught` (the conflict dialog); `saved`
 * gets the notice to show.
 */
export function useRowsSave(
  id: number,
  name: string,
  caught: (err: unknown) => void,
  saved: (notice: string) => void,
) {
  const save = useSaveInstanceRows(id);
  const impactFirst = useImpactFirst(name, id);
  const [error, setError] = useState<Error>();
  const fail = (err: unknown) => {
    caught(err);
    throw err;
  };
  async function commit(body: InstanceRowsSave) {
    const outcome = await save.mutateAsync(body).catch(fail);
    saved(
      outcome.status === "UNCHANGED"
        ? `Nothing changed: still version ${outcome.version}`
        : `Saved version ${outcome.version}`,
    );
  }
  async function onSave(body: InstanceRowsSave) {
    setError(undefined);
    await impactFirst
      .ask(
        () => instanceRowsImpact(id, body),
        () => void commit(body).catch(() => undefined),
      )
      .catch((err: unknown) => {
        setError(err as Error);
        fail(err);
      });
  }
  return {
    onSave,
    pending: save.isPending || impactFirst.checking,
    error: save.error ?? error,
    dialog: impactFirst.dialog,
  };
}
