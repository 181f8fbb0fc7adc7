import type { InstanceEditing } from "@metabuild/contract";
import { type KeyboardEvent, useCallback, useMemo, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { useMe } from "../../../api/get-me.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { UnsavedChangesPrompt, useUnsavedChanges } from "../../../components/unsaved-changes.tsx";
import { ErrorState, QueryView } from "../../../components/status.tsx";
import { InstanceVariablesPanel } from "../components/instance-variables-panel.tsx";
import { Tabs } from "../../../components/tabs.tsx";
import { LineageTab } from "../../lineage/components/lineage-tab.tsx";
import { useCheckinInstance } from "../api/checkin-instance.ts";
import { useCheckoutInstance } from "../api/checkout-instance.ts";
import { useInstanceEditing } from "../api/get-instance-editing.ts";
import { useRestoreInstanceVersion } from "../api/restore-instance-version.ts";
import { useRowsSave } from "../use-rows-save.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { useCan } from "../../../permissions/can.ts";
import { ConflictDialog } from "../components/conflict-dialog.tsx";
import { CopyInstanceDialog } from "../components/copy-instance-dialog.tsx";
import { InstanceDetailsDialog } from "../components/instance-details-dialog.tsx";
import { InstanceSummary } from "../components/instance-summary.tsx";
import { IssueList } from "../components/issue-list.tsx";
import { PasteRowsDialog } from "../components/paste-rows-dialog.tsx";
import { RowToolbar } from "../components/row-toolbar.tsx";
import { useReferenceActions } from "../use-reference-actions.tsx";
import { RowsGrid, type RowsGridHandle } from "../components/rows-grid.tsx";
import { VersionHistory, parseCompare } from "../components/version-history.tsx";
import {
  type DraftRow,
  addRow,
  moveRow,
  removeRow,
  rowsOf,
  sameCells,
  setCell,
} from "../row-draft.ts";
import { pasteRows, pastedNotice } from "../pasted-rows.ts";
import { type Draft, useSaveConflict } from "../use-save-conflict.ts";
import { draftFor } from "../draft-version.ts";
import { editorAccess } from "../editor-access.ts";
import { EditorStatus } from "../components/editor-status.tsx";
import { useSaveShortcut } from "../use-save-shortcut.ts";
import { useChangesElsewhere } from "../use-changes-elsewhere.ts";
import { useEditorSearch } from "../use-editor-search.ts";
import { useEditorIssues } from "../use-editor-issues.ts";
import { TABS } from "../editor-tabs.ts";
import { paths } from "../../../app/paths.ts";

export default function InstanceEditorPage() {
  const { projectId, instanceId: raw } = useParams();
  const id = Number(raw);
  const editing = useInstanceEditing(id);
  if (!Number.isInteger(id) || id <= 0)
    return <ErrorState error={new Error(`'${raw}' is not an instance id`)} />;
  return (
    <div className="instance-editor">
      <QueryView query={editing} loadingLabel="Loading instance…">
        {/* Keyed: another instance (a copy just made) starts with its own draft and tabs. */}
        {(instance) => (
          <Editor key={instance.instance_id} instance={instance} projectId={projectId} />
        )}
      </QueryView>
    </div>
  );
}

function Editor({ instance, projectId }: { instance: InstanceEditing; projectId?: string }) {
  const id = instance.instance_id;
  const [params, update] = useEditorSearch();
  const columns = useMemo(() => instance.columns.map((c) => c.name), [instance.columns]);
  const [draft, setDraft] = useState<Draft>();
  const [selected, setSelected] = useState<string>();
  const [message, setMessage] = useState("");
  const [notice, setNotice] = useState<string>();
  const [pasting, setPasting] = useState(false);
  const [copying, setCopying] = useState(false);
  const [detailing, setDetailing] = useState(false);
  const me = useMe().data;
  const permissions = useCan(instance.project_id);
  const grid = useRef<RowsGridHandle>(null);
  const checkout = useCheckoutInstance(id);
  const checkin = useCheckinInstance(id);
  const restore = useRestoreInstanceVersion(id);
  const current = draftFor(draft, instance, columns);
  if (current !== draft) setDraft(current);
  const announce = useChangesElsewhere(id);
  const conflict = useSaveConflict({
    id,
    columns,
    me: me?.id,
    draft: current,
    setDraft,
    setNotice,
    save: (merged, version) =>
      save.onSave({ rows: rowsOf(merged, columns), message, base_version: version }),
  });
  const save = useRowsSave(id, instance.instance_name, conflict.caught, (notice) => {
    setMessage("");
    setNotice(notice);
    announce();
  });

  const rows = current.rows;
  const baseVersion = current.version;
  const dirty = !sameCells(current.base, rows, columns);

  const { mine, canCheckout, editable, detailsBlock, reason } = editorAccess(
    instance,
    me?.id,
    permissions,
    { dirty, busy: save.pending || checkin.isPending },
  );

  const { issues, cellIssues, checking } = useEditorIssues(instance, rows, columns, dirty);

  const leaving = useUnsavedChanges(dirty);

  const edit = useCallback((change: (rows: DraftRow[]) => DraftRow[]) => {
    setNotice(undefined);
    setDraft((d) => (d ? { ...d, rows: change(d.rows) } : d));
  }, []);
  const onCellChange = useCallback(
    (key: string, column: string, value: string) => edit((r) => setCell(r, key, column, value)),
    [edit],
  );
  const refs = useReferenceActions(instance, onCellChange);
  const position = selected
    ? rows.findIndex((r) => r.key === selected) + 1 || undefined
    : undefined;
  const move = (by: -1 | 1) => {
    if (selected) edit((r) => moveRow(r, selected, by));
  };

  // Caught on the way down, before AG Grid's own arrow navigation moves the
  // focus (and with it the selection) to the neighbouring row.
  function onGridKey(e: KeyboardEvent) {
    if (!editable || !e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
    e.preventDefault();
    e.stopPropagation();
    move(e.key === "ArrowUp" ? -1 : 1);
  }

  useSaveShortcut(
    () => grid.current?.stopEditing(),
    () => {
      if (editable && dirty) void onSave().catch(() => undefined);
    },
  );

  // The version the draft was made from: a newer one answers 409 (no lost update).
  const onSave = () =>
    save.onSave({ rows: rowsOf(rows, columns), message, base_version: baseVersion });
  async function onCheckin() {
    const after = await checkin
      .mutateAsync(dirty ? { rows: rowsOf(rows, columns), message, base_version: baseVersion } : {})
      .catch((err: unknown) => {
        conflict.caught(err);
        throw err;
      });
    setMessage("");
    setNotice(`Checked in at version ${after.version}`);
    announce();
  }
  // A 409 is the conflict dialog's.
  const failure = [checkout.error, save.error, checkin.error, restore.error].find(
    (e) => e && !isApiError(e, 409),
  );

  const tab = TABS.find((t) => t.id === params.get("tab"))?.id ?? "rows";
  const reasonId = "editor-read-only-reason";
  const disabledBy = (enabled: boolean) =>
    enabled
      ? {}
      : { "aria-describedby": reason ? reasonId : undefined, title: reason ?? undefined };

  return (
    <>
      <UnsavedChangesPrompt blocker={leaving} what={instance.instance_name} />
      <PageHeader
        title={instance.instance_name}
        description={
          <>
            {instance.description ?? `${instance.pattern_name} instance`}
            {" · "}
            <Link to={paths.instances(projectId ?? instance.project_id)}>
              {instance.project_name} instances
            </Link>
          </>
        }
        actions={
          <>
            <button
              type="button"
              className="button"
              disabled={!canCheckout || checkout.isPending}
              onClick={() => {
                setNotice(undefined);
                checkout.mutate(undefined, { onSuccess: announce });
              }}
              {...(mine ? { title: "You have it checked out" } : disabledBy(canCheckout))}
            >
              Check out
            </button>
            <input
              className="version-message"
              aria-label="Version message"
              placeholder="What changed? (optional)"
              value={message}
              disabled={!editable}
              onChange={(e) => setMessage(e.target.value)}
            />
            <button
              type="button"
              className="button button-primary"
              disabled={!editable || !dirty}
              onClick={() => void onSave().catch(() => undefined)}
              aria-keyshortcuts="Control+S"
              {...disabledBy(editable)}
            >
              {save.pending ? "Saving…" : "Save"}
            </button>
            <button
              type="button"
              className="button"
              disabled={!editable}
              onClick={() => void onCheckin().catch(() => undefined)}
              {...disabledBy(editable)}
            >
              Check in
            </button>
            <button
              type="button"
              className="button"
              disabled={!editable || !dirty}
              onClick={() => {
                setNotice(undefined);
                setDraft({ ...current, rows: current.base });
              }}
              {...disabledBy(editable)}
            >
              Discard
            </button>
            <button
              type="button"
              className="button"
              disabled={detailsBlock !== null}
              title={detailsBlock ?? "Description, labels and flags"}
              onClick={() => setDetailing(true)}
            >
              Details…
            </button>
            <PermittedButton
              reason={permissions.reason("instance.copy")}
              onClick={() => setCopying(true)}
              title="A new instance with these saved rows"
            >
              Copy…
            </PermittedButton>
          </>
        }
      />
      {save.dialog}
      {detailing ? (
        <InstanceDetailsDialog
          instance={instance}
          onSaved={(version, changed) => {
            setNotice(
              changed ? `Saved version ${version}` : `Nothing changed: still version ${version}`,
            );
            announce();
          }}
          onClose={() => setDetailing(false)}
        />
      ) : null}
      {conflict.conflict ? (
        <ConflictDialog
          conflict={conflict.conflict}
          busy={conflict.busy}
          error={conflict.error}
          onApply={(choices) => void conflict.apply(choices).catch(() => undefined)}
          onDiscard={conflict.discard}
          onClose={conflict.close}
        />
      ) : null}
      {copying ? (
        <CopyInstanceDialog instance={instance} onClose={() => setCopying(false)} />
      ) : null}
      <InstanceSummary instance={instance} />
      <EditorStatus
        reason={reason}
        reasonId={reasonId}
        notice={notice}
        dirty={dirty}
        draftVersion={baseVersion}
        version={instance.version}
      />
      {failure ? <ErrorState error={failure} /> : null}
      <Tabs
        label="Instance editor"
        tabs={TABS}
        selected={tab}
        onSelect={(t) => update({ tab: t === "rows" ? undefined : t })}
      >
        {tab === "rows" ? (
          <>
            <RowToolbar
              editable={editable}
              selectedPosition={position}
              rowCount={rows.length}
              onAdd={() => {
                const added = addRow(rows, columns, selected);
                edit(() => added.draft);
                setSelected(added.key);
              }}
              onPaste={() => setPasting(true)}
              onRemove={() => {
                if (selected) edit((r) => removeRow(r, selected));
                setSelected(undefined);
              }}
              onMove={move}
            />
            {pasting ? (
              <PasteRowsDialog
                columns={columns}
                onClose={() => setPasting(false)}
                onPaste={(text) => {
                  const pasted = pasteRows(rows, columns, text, selected);
                  edit(() => pasted.draft);
                  if (pasted.keys.length > 0) setSelected(pasted.keys[pasted.keys.length - 1]);
                  setNotice(pastedNotice(pasted.keys.length, pasted.ignored));
                }}
              />
            ) : null}
            <div onKeyDownCapture={onGridKey}>
              <RowsGrid
                ref={grid}
                columns={instance.columns}
                draft={rows}
                issues={cellIssues}
                editable={editable}
                selected={selected}
                onSelect={setSelected}
                onCellChange={onCellChange}
                referenceActions={refs.actions}
              />
              {refs.dialog}
            </div>
            <IssueList
              issues={issues}
              checking={checking}
              onShow={(issue) => {
                const row = rows[issue.row];
                if (row) grid.current?.focusCell(row.key, issue.column);
              }}
            />
          </>
        ) : tab === "variables" ? (
          <InstanceVariablesPanel instance={instance} />
        ) : tab === "lineage" ? (
          <LineageTab projectId={instance.project_id} instanceId={id} />
        ) : (
          <VersionHistory
            instanceId={id}
            compare={parseCompare(params.get("compare"))}
            onCompare={(pair) => update({ compare: pair ? pair.join(",") : undefined })}
            restoreBlock={
              permissions.reason("instance.restore") ??
              (dirty
                ? "Save or discard the row changes first"
                : editable && !restore.isPending
                  ? null
                  : (reason ?? "Wait for the restore to finish"))
            }
            onRestore={(version) =>
              restore.mutate(
                { version, base_version: instance.version },
                {
                  onSuccess: (after) => {
                    setNotice(`Restored version ${version} as version ${after.version}`);
                    announce();
                  },
                  onError: conflict.caught,
                },
              )
            }
          />
        )}
      </Tabs>
    </>
  );
}
