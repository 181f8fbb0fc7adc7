import { Link } from "react-router";
import { useInvalidNames } from "../api/get-invalid-names.ts";
import { paths } from "../../../app/paths.ts";

/**
 * Names stored before their pattern's rule (docs/instance-names.md): they
 * are not renamed, so the page says how many there are and links each one.
 * Asked for after the list's first page (`listShown`): the server answers
 * one request at a time, and at 100,000 instances this report held the list
 * back (docs/console-scale.md).
 */
export function InvalidNamesNotice({
  projectId,
  listShown,
}: {
  projectId: number;
  listShown: boolean;
}) {
  const { data } = useInvalidNames(projectId, listShown);
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  const count =
    items.length === 1
      ? "1 instance name breaks its pattern's rule"
      : `${items.length} instance names break their pattern's rule`;
  return (
    <details className="invalid-names-notice" role="note">
      <summary>{count}</summary>
      <ul>
        {items.map((i) => (
          <li key={i.id}>
            <Link to={paths.instance(projectId, i.id)}>
              {i.folder === "/" ? "" : i.folder}/{i.name}
            </Link>{" "}
            <span className="muted">
              ({i.pattern}: {i.reason})
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
