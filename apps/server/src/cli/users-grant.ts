import { PERMISSIONS, type Permission, messages } from "@metabuild/core";
import {
  findProjectByName,
  findUserByEmail,
  listGrantedPermissions,
  replaceGrants,
} from "@metabuild/db";
import { CliError, type Command, parseCommandArgs, required, withStore } from "./io.ts";

const USAGE =
  "metabuild users grant --email E --project P --permission X [--permission Y …] (X: access, write_instances, read_builds, write_builds or all)";

/** The permissions named on the command line: repeated, comma-separated or trailing; `all` is every one. */
function permissionsOf(given: string[]): Permission[] {
  const names = given
    .flatMap((g) => g.split(","))
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (names.length === 0) throw new CliError(`--permission is required\nusage: ${USAGE}`, 2);
  const out = new Set<Permission>();
  for (const name of names) {
    if (name === "all") for (const p of PERMISSIONS) out.add(p);
    else if ((PERMISSIONS as readonly string[]).includes(name)) out.add(name as Permission);
    else
      throw new CliError(`Unknown permission '${name}': use ${PERMISSIONS.join(", ")} or all`, 2);
  }
  return [...out];
}

/** `metabuild users grant`: adds permissions on a project (existing ones are kept). */
export const usersGrantCommand: Command = async (args, io, env) => {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      email: { type: "string" },
      project: { type: "string" },
      permission: { type: "string", multiple: true },
    },
    USAGE,
    true,
  );
  const email = required(values.email, "email", USAGE).trim().toLowerCase();
  const projectName = required(values.project, "project", USAGE);
  const wanted = permissionsOf([...(values.permission ?? []), ...positionals]);
  return withStore(env, ({ db }) => {
    const user = findUserByEmail(db, email);
    if (!user) throw new CliError(`No user with the e-mail '${email}'`);
    const project = findProjectByName(db, user.customerId, projectName);
    if (!project) throw new CliError(messages.projectNotFound(projectName));
    // Every other permission needs `access` too (docs/reference/rules.md §1).
    const held = new Set([...listGrantedPermissions(db, user.id, project.id), ...wanted, "access"]);
    const ordered = PERMISSIONS.filter((p) => held.has(p));
    replaceGrants(db, user.id, project.id, ordered);
    io.out(`${email} now holds ${ordered.join(", ")} on ${projectName}\n`);
    return 0;
  });
};
