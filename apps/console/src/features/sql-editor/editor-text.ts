/** What an empty editor starts with. */
const STARTER = `-- Statements end with ';'. Ctrl+Enter runs the one under the cursor, or the selection.
SELECT * FROM @INFORMATION_SCHEMA.INSTANCES;
`;

/** The editor's text is kept in this browser, per project, so it survives a reload. */
const storageKey = (projectId: number) => `metabuild.sql.${projectId}`;

export function savedText(projectId: number): string {
  try {
    return localStorage.getItem(storageKey(projectId)) ?? STARTER;
  } catch {
    return STARTER;
  }
}

export function saveText(projectId: number, text: string): void {
  try {
    localStorage.setItem(storageKey(projectId), text);
  } catch {
    // Storage full or blocked: the text still lives in the editor.
  }
}
