import { BUILD_STATUSES, type BuildStatus } from "@metabuild/contract/build-statuses";
import type { BuildListFilters } from "../api/get-builds.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The builds list's filters from the address (`?status=&user=&mine&from=&to=`). */
export function readBuildFilters(
  params: URLSearchParams,
  myId: number | undefined,
): BuildListFilters {
  const status = params.get("status") as BuildStatus | null;
  const day = (key: string) => {
    const value = params.get(key);
    return value && DAY.test(value) ? value : undefined;
  };
  return {
    status: status && BUILD_STATUSES.includes(status) ? status : undefined,
    user: params.get("user")?.trim() || undefined,
    user_id: params.has("mine") ? myId : undefined,
    created_from: day("from"),
    created_to: day("to"),
  };
}

/** Who, status and dates: each change rewrites the address (and so the list). */
export function BuildFilters({
  params,
  onChange,
}: {
  params: URLSearchParams;
  onChange: (changes: Record<string, string | undefined>) => void;
}) {
  return (
    <form className="build-filters" aria-label="Filter builds" onSubmit={(e) => e.preventDefault()}>
      <label>
        Status{" "}
        <select
          value={params.get("status") ?? ""}
          onChange={(e) => onChange({ status: e.target.value || undefined })}
        >
          <option value="">Any</option>
          {BUILD_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <label>
        Started by{" "}
        <input
          type="search"
          placeholder="name or e-mail"
          defaultValue={params.get("user") ?? ""}
          onBlur={(e) => onChange({ user: e.target.value.trim() || undefined })}
          onKeyDown={(e) => {
            if (e.key === "Enter") onChange({ user: e.currentTarget.value.trim() || undefined });
          }}
        />
      </label>
      <label>
        <input
          type="checkbox"
          checked={params.has("mine")}
          onChange={(e) => onChange({ mine: e.target.checked ? "" : undefined })}
        />{" "}
        Mine
      </label>
      <label>
        From{" "}
        <input
          type="date"
          value={params.get("from") ?? ""}
          onChange={(e) => onChange({ from: e.target.value || undefined })}
        />
      </label>
      <label>
        To{" "}
        <input
          type="date"
          value={params.get("to") ?? ""}
          onChange={(e) => onChange({ to: e.target.value || undefined })}
        />
      </label>
    </form>
  );
}
