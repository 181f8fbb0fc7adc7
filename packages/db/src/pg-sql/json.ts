/**
 * `json_extract(json, path)` on PostgreSQL (docs/metadata-sql.md "On
 * PostgreSQL"). A PostgreSQL column has one type, SQLite's answer has the
 * type of the JSON value found; this one answers text, so it answers what
 * SQLite does for a JSON string (unescaped), null or missing value (NULL) and
 * an object or array (its JSON text, as stored when that is compact), and
 * refuses a number or boolean, or an object whose text is not compact, with
 * a message rather than answering differently. Paths: `$`, `.key`, `."key"`
 * and `[n]`, SQLite's messages for a bad path or malformed JSON.
 */
export const JSON_EXTRACT = String.raw`CREATE OR REPLACE FUNCTION metabuild_sql.json_extract(doc text, path text)
RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$
DECLARE
  j json;
  v json;
  keys text[] := '{}';
  k integer := 2;
  e integer;
  c text;
  body text;
  quoted boolean := false;
BEGIN
  IF doc IS NULL OR path IS NULL THEN RETURN NULL; END IF;
  BEGIN
    j := CAST(doc AS json);
  EXCEPTION WHEN others THEN
    RAISE EXCEPTION 'malformed JSON';
  END;
  IF left(path, 1) <> '$' THEN RAISE EXCEPTION 'bad JSON path: ''%''', path; END IF;
  WHILE k <= length(path) LOOP
    c := substr(path, k, 1);
    IF c = '.' AND substr(path, k + 1, 1) = '"' THEN
      e := strpos(substr(path, k + 2), '"');
      IF e = 0 THEN RAISE EXCEPTION 'bad JSON path: ''%''', path; END IF;
      keys := keys || substr(path, k + 2, e - 1);
      k := k + 2 + e;
    ELSIF c = '.' THEN
      body := substring(substr(path, k + 1) FROM '^[^.\[]+');
      IF body IS NULL THEN RAISE EXCEPTION 'bad JSON path: ''%''', path; END IF;
      keys := keys || body;
      k := k + 1 + length(body);
    ELSIF c = '[' THEN
      body := substring(substr(path, k + 1) FROM '^([0-9]+)\]');
      IF body IS NULL THEN RAISE EXCEPTION 'bad JSON path: ''%''', path; END IF;
      -- An index reads arrays only (PostgreSQL would read an object's key "0").
      IF json_typeof(j #> keys) IS DISTINCT FROM 'array' THEN RETURN NULL; END IF;
      keys := keys || body;
      k := k + 2 + length(body);
    ELSE
      RAISE EXCEPTION 'bad JSON path: ''%''', path;
    END IF;
  END LOOP;
  v := j #> keys;
  IF v IS NULL OR json_typeof(v) = 'null' THEN RETURN NULL; END IF;
  IF json_typeof(v) = 'string' THEN RETURN v #>> '{}'; END IF;
  IF json_typeof(v) IN ('number', 'boolean') THEN
    RAISE EXCEPTION 'On PostgreSQL, json_extract answers JSON strings, objects and arrays; % is a JSON %', path, json_typeof(v);
  END IF;
  -- SQLite answers an object or array as compact JSON: the stored text when it is compact.
  body := CAST(v AS text);
  FOR e IN 1 .. length(body) LOOP
    c := substr(body, e, 1);
    IF quoted THEN
      IF c = '\' THEN quoted := NULL;
      ELSIF c = '"' THEN quoted := false;
      END IF;
    ELSIF quoted IS NULL THEN
      quoted := true;
    ELSIF c = '"' THEN
      quoted := true;
    ELSIF c IN (' ', E'\t', E'\n', E'\r') THEN
      RAISE EXCEPTION 'On PostgreSQL, json_extract answers an object or array only when its JSON text is compact; % is not', path;
    END IF;
  END LOOP;
  RETURN body;
END $f$`;
