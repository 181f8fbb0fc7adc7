/** One choice of a `SelectField`. */
export interface SelectChoice {
  value: string | number;
  label: string;
}

/**
 * A labelled `<select>` (found by `getByLabel(label)`), its choices in the
 * given order after an optional first choice with the value "".
 */
export function SelectField({
  label,
  value,
  onChange,
  choices,
  empty,
  required,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly SelectChoice[];
  /** The text of a first choice whose value is "" ("any", "none", …). */
  empty?: string;
  required?: boolean;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value} required={required} onChange={(e) => onChange(e.target.value)}>
        {empty === undefined ? null : <option value="">{empty}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
