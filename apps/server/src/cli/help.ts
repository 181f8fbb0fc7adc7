/**
 * The texts of `metabuild --help` and `metabuild <command> --help`
 * (docs/operations.md).
 */
const SETTINGS =
  "Settings come from the environment, as for the server: METABUILD_DATA_DIR (default ./data), DATABASE_URL.";

export const commandHelp: Record<string, string> = {
  serve: `usage: metabuild serve

Runs the server on HOST (default 127.0.0.1) and PORT (default 8080) until
SIGINT or SIGTERM. With METABUILD_DEMO=on it first loads the demo bundle into
an empty store. Takes no options: every setting comes from the environment.`,
  migrate: `usage: metabuild migrate

Applies pending migrations to the store and exits. On PostgreSQL
(DATABASE_URL=postgres://…) it names each migration it applied; several
processes may run it at once (docs/stores.md).`,
  import: `usage: metabuild import FILE

Loads a bundle (YAML, or JSON for *.json). An invalid bundle changes nothing
and the message names the offending entry by its path in the file. Safe while
a server runs on the same store (docs/operations.md); on PostgreSQL it is one
transaction, which the servers' writes wait for.`,
  export: `usage: metabuild export --customer NAME [FILE]

Writes the customer's bundle (passwords as hashes) to FILE, or to standard
output without FILE.`,
  backup: `usage: metabuild backup FILE

Writes one archive (tar) holding a consistent copy of the store (pg_dump on
PostgreSQL: needs it on PATH) and the generated files, with a manifest of
sha256 sums. Safe while a server runs.`,
  restore: `usage: metabuild restore [--force] FILE

Rebuilds the data folder (METABUILD_DATA_DIR) from a backup archive after
checking its sums. Refuses a folder that holds anything unless --force is
given (then the store and files are replaced). Stop the server first. On
PostgreSQL the archive's dump replaces the database's store (pg_restore).`,
  users: `usage: metabuild users <add|grant> …  (metabuild users <add|grant> --help)`,
  "users add": `usage: metabuild users add --email E [--password-stdin | --password P] [--admin] [--customer C]

Adds a user. Without --password or --password-stdin the password is asked
for on the terminal (not shown). --password-stdin reads it from standard
input (one line), e.g. from a secrets manager. --password P still works but
other users of the machine can see a command line (ps): avoid it.
--customer is needed when the store holds more than one customer.`,
  "users grant": `usage: metabuild users grant --email E --project P --permission X [--permission Y …]

Grants permissions on a project: access, write_instances, read_builds,
write_builds, or all. Several may be given, repeated or comma-separated.`,
  agents: `usage: metabuild agents add …  (metabuild agents add --help)`,
  "agents add": `usage: metabuild agents add --name N --group G [--customer C]

Registers an agent (the group is created if missing) and prints its agent_id
and secret; the secret is shown only this once.`,
};

export const programHelp = `usage: metabuild <command> [options]

commands:
  serve                     run the server
  migrate                   apply pending migrations
  import FILE               load a bundle
  export --customer NAME    write a customer's bundle
  backup FILE               archive the store and generated files
  restore FILE              rebuild a data folder from an archive
  users add | users grant   manage users
  agents add                register an agent

options:
  --help, -h                this text; after a command, that command's help
  --version                 the version of metabuild

${SETTINGS}`;

/** `--help` or `-h` anywhere among a command's arguments. */
export const asksForHelp = (args: string[]) => args.includes("--help") || args.includes("-h");
