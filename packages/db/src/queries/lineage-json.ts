import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { storeTurn } from "../client.ts";
import { dialect, oneRow } from "../store.ts";

/**
 * The whole project's lineage graph as the JSON text GET /api/v1/lineage
 * answers (docs/lineage.md), built by the store in one statement rather than
 * object by object: 100,000 nodes and 200,000 edges (bench/lineage). A
 * deleted instance is listed only while an edge still touches it. SQLite
 * 3.54 no longer carries the JSON subtype out of a scalar subquery, so each
 * list is wrapped in json() to stay an array rather than become a string.
 */
export async function projectLineageJson(db: Db, projectId: number): Promise<string> {
  await storeTurn(db);
  const nodesWhere = sql`i.project_id = ${projectId} AND (i.deleted = 0 OR EXISTS (SELECT 1 FROM instance_references r WHERE r.target_instance_id = i.id) OR EXISTS (SELECT 1 FROM instance_references r WHERE r.source_instance_id = i.id))`;
  const ofInstance = sql`FROM instances i JOIN patterns p ON p.id = i.pattern_id JOIN instance_folders f ON f.id = i.instance_folder_id`;
  const row = await oneRow<{ graph: string }>(
    db,
    dialect(db, {
      sqlite: sql`SELECT json_object(
        'nodes', json((SELECT json_group_array(json_object('id', id, 'pattern', pattern, 'folder', folder, 'name', name, 'valid', json(valid), 'deleted', json(deleted), 'build_disabled', json(build_disabled)))
                  FROM (SELECT i.id, p.name AS pattern, f.path AS folder, i.name,
                               CASE WHEN i.errors = 0 THEN 'true' ELSE 'false' END AS valid,
                               CASE WHEN i.deleted = 1 THEN 'true' ELSE 'false' END AS deleted,
                               CASE WHEN i.build_disabled = 1 THEN 'true' ELSE 'false' END AS build_disabled
                        ${ofInstance} WHERE ${nodesWhere} ORDER BY i.id))),
        'edges', json((SELECT json_group_array(json_object('from', target_instance_id, 'to', source_instance_id, 'property', property, 'to_pos_no', source_pos_no, 'from_row', target_row))
                  FROM (SELECT * FROM instance_references WHERE project_id = ${projectId} ORDER BY id)))
      ) AS graph`,
      postgres: sql`SELECT json_build_object(
        'nodes', COALESCE((SELECT json_agg(json_build_object('id', i.id, 'pattern', p.name, 'folder', f.path, 'name', i.name, 'valid', i.errors = 0, 'deleted', i.deleted = 1, 'build_disabled', i.build_disabled = 1) ORDER BY i.id)
                  ${ofInstance} WHERE ${nodesWhere}), '[]'::json),
        'edges', COALESCE((SELECT json_agg(json_build_object('from', r.target_instance_id, 'to', r.source_instance_id, 'property', r.property, 'to_pos_no', r.source_pos_no, 'from_row', r.target_row) ORDER BY r.id)
                  FROM instance_references r WHERE r.project_id = ${projectId}), '[]'::json)
      )::text AS graph`,
    }),
  );
  return row?.graph ?? '{"nodes":[],"edges":[]}';
}
