/** The instance page's tabs, in order; the first is shown when the URL names none. */
export const TABS = [
  { id: "rows", label: "Rows" },
  { id: "history", label: "History" },
  { id: "variables", label: "Variables" },
  { id: "lineage", label: "Lineage" },
];
