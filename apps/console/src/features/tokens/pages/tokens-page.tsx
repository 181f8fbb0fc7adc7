import type { ApiToken } from "@metabuild/contract";
import { DataTable } from "../../../components/data-table.tsx";
import { DateTime } from "../../../components/date-time.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { EmptyState, QueryView } from "../../../components/status.tsx";
import { useApiTokens, useRevokeApiToken } from "../api/tokens.ts";
import { CreateTokenForm } from "../components/create-token-form.tsx";

// Permission: none (docs/console-permissions.md): every user revokes their own tokens.

/** `/tokens`: API tokens for pipelines (docs/identity.md). */
export default function TokensPage() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  return (
    <>
      <PageHeader
        title="API tokens"
        description="Tokens for pipelines: send one as “Authorization: Bearer …”. It reaches one project, with the permissions named that you still hold."
      />
      <CreateTokenForm />
      {revoke.isError ? (
        <p role="alert" className="form-error">
          {revoke.error.message}
        </p>
      ) : null}
      <QueryView query={tokens} loadingLabel="Loading tokens…">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No API tokens yet" />
          ) : (
            <DataTable<ApiToken>
              caption="API tokens"
              rows={list}
              rowKey={(t) => t.id}
              columns={[
                { header: "Name", cell: (t) => t.name },
                { header: "Project", cell: (t) => t.project },
                { header: "Permissions", cell: (t) => t.permissions.join(", ") },
                { header: "Owner", cell: (t) => t.owner ?? "service account" },
                { header: "Expires", cell: (t) => <DateTime iso={t.expires_at} /> },
                {
                  header: "Last used",
                  cell: (t) => (t.last_used_at ? <DateTime iso={t.last_used_at} /> : "never"),
                },
                {
                  header: "Actions",
                  cell: (t) => (
                    <button
                      type="button"
                      className="button"
                      aria-label={`Revoke ${t.name}`}
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(t.id)}
                    >
                      Revoke
                    </button>
                  ),
                },
              ]}
            />
          )
        }
      </QueryView>
    </>
  );
}
