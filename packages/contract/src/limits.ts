/**
 * The one set of limits for what a write may store: instance names, folder
 * paths, metadata and custom-table values, and an upload's total. The server
 * reads each from its environment (docs/limits.md); these are the defaults,
 * which the console's form fields use as well (it has no endpoint to ask).
 */
export interface WriteLimits {
  /** Characters of an instance name, and of one folder path segment (METABUILD_MAX_NAME_LENGTH). */
  nameLength: number;
  /** Characters of a whole folder path such as `/raw/crm` (METABUILD_MAX_PATH_LENGTH). */
  pathLength: number;
  /** Characters of one metadata cell or custom-table value (METABUILD_MAX_VALUE_LENGTH). */
  valueLength: number;
  /** Characters of cell text one upload may hold once expanded (METABUILD_UPLOAD_MAX_CHARACTERS). */
  uploadCharacters: number;
}

export const DEFAULT_WRITE_LIMITS: Readonly<WriteLimits> = Object.freeze({
  nameLength: 200,
  pathLength: 1000,
  // Excel's own limit for a cell: every stored value fits an exported workbook.
  valueLength: 32767,
  uploadCharacters: 50_000_000,
});

/**
 * Levels of arrays and objects a JSON body or a bundle may nest, the outermost
 * included (METABUILD_MAX_JSON_DEPTH, docs/limits.md "Nesting"): far beyond any
 * real deployment config, far below the stack of a recursive reader or writer.
 */
export const DEFAULT_JSON_MAX_DEPTH = 64;

/**
 * Characters of one SQL text: a statement sent to run and a saved script's body
 * (docs/metadata-scripts.md). One number, so whatever can be saved can be run.
 */
export const SQL_TEXT_MAX_CHARACTERS = 1_000_000;
