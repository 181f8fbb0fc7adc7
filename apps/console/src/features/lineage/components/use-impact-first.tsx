import type { LineageImpact } from "@metabuild/contract";
import { type ReactNode, useState } from "react";
import { ImpactDialog } from "./impact-dialog.tsx";

/**
 * Whether a save changes anything downstream: what renders, or what stays
 * valid. `own` (an instance's save) is left out: its own files changing is
 * what the user is saving; the editor shows its own issues already.
 */
export const affectsAnything = (impact: LineageImpact, own?: number) =>
  impact.changed.some((c) => c.id !== own) || impact.invalid.some((c) => c.id !== own);

/**
 * The impact first (docs/lineage.md "Impact"): `ask` runs the save's dry run;
 * when anything changes downstream (of `own`, the instance saved), `dialog` shows it and the save waits for
 * "Save anyway"; when nothing does, it saves at once. A dry run's error
 * (a conflict, a refusal) rejects `ask`, for the caller to show.
 */
export function useImpactFirst(
  subject: string,
  own?: number,
): {
  ask: (dryRun: () => Promise<LineageImpact>, save: () => void) => Promise<void>;
  checking: boolean;
  dialog: ReactNode;
} {
  const [waiting, setWaiting] = useState<{ impact: LineageImpact; save: () => void }>();
  const [checking, setChecking] = useState(false);
  async function ask(dryRun: () => Promise<LineageImpact>, save: () => void) {
    setChecking(true);
    try {
      const impact = await dryRun();
      if (affectsAnything(impact, own)) setWaiting({ impact, save });
      else save();
    } finally {
      setChecking(false);
    }
  }
  const dialog = waiting ? (
    <ImpactDialog
      subject={subject}
      impact={waiting.impact}
      onSave={() => {
        setWaiting(undefined);
        waiting.save();
      }}
      onCancel={() => setWaiting(undefined)}
    />
  ) : null;
  return { ask, checking, dialog };
}
