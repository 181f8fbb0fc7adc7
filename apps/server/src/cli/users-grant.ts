import { PERMISSIONS, type Permission, messages } from "@metabuild/core";
import {
  findProjectByName,
  findUserByEmail,
  listGrantedPermissions,
  replaceGrants,
  transaction,
} from "@metabuild/db";
import { cliActor, recordAudit } from "../services/audit.ts";
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
  return withStore(env, async ({ db }) => {
    const user = await findUserByEmail(db, email);
    if (!user) throw new CliError(`No user with the e-mail '${email}'`);
    const project = await findProjectByName(db, user.customerId, projectName);
    if (!project) throw new CliError(messages.projectNotFound(projectName));
    // Every other permission needs `access` too (docs/reference/rules.md §1).
    const before = await listGrantedPermissions(db, user.id, project.id);
    const held = new Set([...before, ...wanted, "access"]);
    const ordered = PERMISSIONS.filter((p) => held.has(p));
    const added = ordered.filter((p) => !before.includes(p));
    await transaction(db, async () => {
      await replaceGrants(db, user.id, project.id, ordered);
      // One event for the permissions it added (docs/audit-log.md).
      if (added.length > 0)
        await recordAudit(db, cliActor(user.customerId), {
          action: "grant.change",
          projectId: project.id,
          target: { kind: "user", id: user.id, label: user.email },
          before: Object.fromEntries(added.map((p) => [p, false])),
          after: { ...Object.fromEntries(added.map((p) => [p, true])), via: "cli" },
        });
    });
    io.out(`${email} now holds ${ordered.join(", ")} on ${projectName}\n`);
    return 0;
  });
};
