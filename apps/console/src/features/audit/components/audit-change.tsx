/** A before/after value as one short text. */
function text(value: unknown): string {
  if (value === null || value === undefined) return "∅";
  if (typeof value === "string") return value === "" ? "“”" : value;
  return JSON.stringify(value);
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * What changed: one line per field, `before → after`; fields only one side
 * has (a creation, a removal) show that side alone.
 */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  if (keys.length === 0) return <span className="muted">—</span>;
  return (
    <dl className="audit-change">
      {keys.map((key) => (
        <div key={key} className="audit-change-row">
          <dt>{key}</dt>
          <dd>
            {key in b ? <del className="audit-before">{text(b[key])}</del> : null}
            {key in b && key in a ? (
              <>
                <span aria-hidden="true"> → </span>
                <span className="visually-hidden"> changed to </span>
              </>
            ) : null}
            {key in a ? <ins className="audit-after">{text(a[key])}</ins> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
