import { describe, expect, it } from "vitest";
import { BadRequest } from "./errors.ts";
import { checkNameCharacters, nameCharacterProblem } from "./name-characters.ts";

/** Issue 28 item 5: names with NUL, CR/LF, bidi overrides or zero-width characters. */
export const HIDDEN_NAMES: [what: string, name: string][] = [
  ["NUL", "A\u0000B"],
  ["CR", "A\rB"],
  ["LF", "A\nB"],
  ["tab", "A\tB"],
  ["DEL", "A\u007fB"],
  ["C1 control", "A\u0085B"],
  ["right-to-left override", "INVOICE\u202Etxt.exe"],
  ["left-to-right mark", "A\u200EB"],
  ["isolate", "A\u2066B\u2069"],
  ["zero-width space", "A\u200BB"],
  ["zero-width joiner", "A\u200DB"],
  ["word joiner", "A\u2060B"],
  ["byte order mark", "\uFEFFA"],
  ["soft hyphen", "A\u00ADB"],
  ["line separator", "A\u2028B"],
  ["paragraph separator", "A\u2029B"],
];

describe("nameCharacterProblem", () => {
  it.each(HIDDEN_NAMES)("refuses a name with a %s", (_what, name) => {
    expect(nameCharacterProblem(name)).toMatch(
      /^must not contain control or invisible characters \(it has U\+[0-9A-F]{4} at position \d+\)$/,
    );
  });

  it("names the character and where it is", () => {
    expect(() => checkNameCharacters("AB\u202EC", "name", "Row 2")).toThrow(
      new BadRequest(
        "Row 2: Invalid value for 'name': must not contain control or invisible characters (it has U+202E at position 3)",
      ),
    );
  });

  it("refuses __proto__, and takes names plain objects inherit", () => {
    expect(nameCharacterProblem("__proto__")).toBe("'__proto__' cannot be a name");
    for (const name of ["constructor", "toString", "hasOwnProperty", "prototype", "valueOf"])
      expect(nameCharacterProblem(name)).toBeUndefined();
  });

  it("takes names in any script, with spaces and punctuation", () => {
    for (const name of ["Kunde Ä/Ö", "顧客", "عميل", "Ünïcödé — 1", "a b", "👍🏽", "x.y-z_1"])
      expect(nameCharacterProblem(name)).toBeUndefined();
  });
});
