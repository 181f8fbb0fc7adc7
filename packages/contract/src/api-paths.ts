// Generated from the OpenAPI document by `pnpm api:generate`: do not edit.
// Paths under /api are given relative to it: the console's client adds the
// prefix (docs/openapi.md "Typed client").
export interface paths {
    "/agents/ws": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The agents' WebSocket (not for users)
         * @description An agent program upgrades this request to a WebSocket and sends `hello` with its `agent_id` and secret first (never a user token). The messages are defined in packages/contract/src/agent-protocol.ts; see docs/agents.md.
         */
        get: operations["getApiAgentsWs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authentication": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in (strategy `local`) or re-authenticate with a token (strategy `jwt`)
         * @description Requests from the console's own origin also get the token as an HttpOnly session cookie.
         */
        post: operations["postAuthentication"];
        /** Sign out: the presented token stops working */
        delete: operations["deleteAuthentication"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authentication/methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How people may sign in: passwords, single sign-on (public) */
        get: operations["getAuthenticationMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authentication/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the identity provider sends the browser back (public)
         * @description Redeems the code, signs the person in with a session cookie and answers 303 to the console; a refusal answers 303 to the sign-in page with `sso_error`.
         */
        get: operations["getAuthenticationOidcCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authentication/oidc/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start single sign-on: redirects to the identity provider (public)
         * @description Answers 303 to the provider's authorization endpoint (code flow with PKCE, state and nonce); 404 when single sign-on is not configured, 503 when the provider cannot be reached.
         */
        get: operations["getAuthenticationOidcStart"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/admin/customer-grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Grant or revoke one customer-wide permission of one user (admins only)
         * @description `develop_patterns` lets a non-admin create and edit patterns (docs/identity.md). Idempotent; answers the cell as set.
         */
        put: operations["putApiConsoleAdminCustomerGrants"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/admin/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The grants matrix: users x projects x permissions (admins only) */
        get: operations["getApiConsoleAdminGrants"];
        /**
         * Grant or revoke one permission of one user on one project (admins only)
         * @description Idempotent; answers the cell as set. 404 for a user or project of another customer.
         */
        put: operations["putApiConsoleAdminGrants"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users of the caller's customer, by e-mail (admins only)
         * @description `q` keeps users whose e-mail or name contains it. 403 for non-admins. Never carries password hashes.
         */
        get: operations["getApiConsoleAdminUsers"];
        put?: never;
        /**
         * Add a user to the caller's customer (admins only)
         * @description 201 with the user. Without `password`, a one-time password is generated and carried once in `one_time_password`. 400 naming `password` when too short; 409 when the e-mail is taken; 403 for non-admins.
         */
        post: operations["postApiConsoleAdminUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Disable or enable a user, make or unmake an admin, rename (admins only)
         * @description A disabled user's tokens and sessions stop working at once. 400 when disabling or demoting oneself.
         */
        patch: operations["patchApiConsoleAdminUsersId"];
        trace?: never;
    };
    "/console/admin/users/{id}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset a user's password (admins only)
         * @description Sets the given password, or without one generates a one-time password that this answer carries once (`one_time_password`); the user must change it. 400 naming `password` when too short; 404 for a user of another customer.
         */
        post: operations["postApiConsoleAdminUsersIdPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register an agent; its secret is answered this once
         * @description Administrators only. The group is created when missing. The answer holds the agent (its `agent_id` for `--agent-id`) and its secret, stored only as a hash (docs/agents.md).
         */
        post: operations["postApiConsoleAgents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log of the caller's customer, newest first (admins only)
         * @description Who changed what, when, with the changed fields before and after (docs/audit-log.md). Filters: `user_id`, `action` (prefix, e.g. `instance.`), `project_id`, `target_kind`, `target_id`, `from`/`to` (ISO 8601, inclusive; a date alone covers its whole day), `q` (text in the user, action, target or values). Paged with `$limit`/`$skip`; `X-Total-Count` has the total. 403 for non-admins.
         */
        get: operations["getApiConsoleAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/build_deployments/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a queued or running build deployment (needs write_builds)
         * @description The run ends CANCELLED at once; its agent stops it (rolled back) or never starts it. 409 when it has already ended.
         */
        post: operations["postApiConsoleBuildDeploymentsIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/builds/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a running build (needs write_builds)
         * @description The build ends CANCELED; 409 when it has already ended.
         */
        post: operations["postApiConsoleBuildsIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/builds/{id}/diff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What changed between two builds' archives (needs read_builds on both)
         * @description Files added, removed and changed from build `against` to build `:id`, compared by the manifests' sha256; changed text files carry a unified diff (null when binary or very large).
         */
        get: operations["getApiConsoleBuildsIdDiff"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/builds/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One rendered file of a build, by pattern and path (needs read_builds) */
        get: operations["getApiConsoleBuildsIdFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/builds/{id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The files in a build's archives (needs read_builds)
         * @description 503 when an archive is not in this process's data folder (docs/scale-out.md).
         */
        get: operations["getApiConsoleBuildsIdFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/builds/{id}/selection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a build rendered, what its request named but left out (and why), its releases
         * @description Left out: invalid instances, build-disabled ones and, for wildcard entries, those outside the build's releases. Needs access to the build's project.
         */
        get: operations["getApiConsoleBuildsIdSelection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/bundles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a bundle, or with dry_run=true only answer its plan (admins only)
         * @description The body is a bundle in the format of `metabuild import` (docs/bundles.md), sent as `application/yaml`, `text/yaml` or `application/json` (no Content-Type: JSON); other types are 415. It may be up to METABUILD_BUNDLE_MAX_BYTES (413 beyond) and hold up to METABUILD_BUNDLE_MAX_ITEMS list entries (413 beyond), nested at most METABUILD_MAX_JSON_DEPTH levels deep (400 beyond). The answer is the plan: per customer, the counts and the list of release groups, users, patterns, projects, folders, custom tables, instances and agent groups the import creates or changes, with field-level before → after (passwords and secrets only as `(set)`/`(changed)`). `dry_run=true` writes nothing; without it the import is applied all or nothing (one transaction). 400 names the entry (e.g. `projects[0].instances[3].rows[2].FOO: unknown column`) or the line of a syntax error; 403 for non-admins and for a bundle naming another customer than the caller's.
         */
        post: operations["postApiConsoleBundles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/bundles/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project's bundle (YAML), or the whole customer's (admins)
         * @description With `project` (a name): its release groups, patterns and the project with its folders, tables and instances, as `metabuild export` writes them; users and agents are left out. Needs `access` on the project (404 for an unknown one, 403 without access). Without `project`: the whole customer, password and secret hashes included; admins only (403).
         */
        get: operations["getApiConsoleBundlesExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/deployment_plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deployment plans (filter `build_id`) in the projects the user may access */
        get: operations["getApiConsoleDeploymentPlans"];
        put?: never;
        /**
         * Deploy several patterns of a finished build in order through one agent or a group
         * @description Needs `write_builds` on the build's project. `steps` (`[{ pattern, deployment }]`, by name) run in the order given (or, with `order: "graph"`, in the lineage graph's dependency order of their patterns, docs/lineage.md), each as an ordinary build deployment started only after the previous one SUCCEEDED; the first failure ends the plan FAILED and the later steps SKIPPED. Give one agent (`agent_id`) or a group (`agent_group` / `agent_group_id`): a group's least busy online agent is picked once and runs every step. Answers 201 with the plan RUNNING. 400 names the step field (`steps.1.pattern`); 409 when the build is not FINISHED, the agent or group is offline, or a graph order meets a cycle (named).
         */
        post: operations["postApiConsoleDeploymentPlans"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/deployment_plans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One deployment plan with its steps (needs access on its project) */
        get: operations["getApiConsoleDeploymentPlansId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/deployment_plans/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a running deployment plan (needs write_builds)
         * @description The plan ends CANCELLED, its running step's run is cancelled (the agent stops it) and the steps not started end SKIPPED. 409 when it has already ended.
         */
        post: operations["postApiConsoleDeploymentPlansIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live events (Server-Sent Events): build progress and status, agents, deployments
         * @description Starts with a `build.status` event for every running build the user may see (and for each `build_id` asked for), then sends `build.progress` / `build.status` (data: BuildEventData) and other events of the user's customer as they happen, at most one per build every 100 ms.
         */
        get: operations["getApiConsoleEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an empty folder (with any missing parents)
         * @description Needs write_instances on the project. 201 with the folder; 409 when it exists; 400 naming `path` when it is the root or passes the path limits.
         */
        post: operations["postApiConsoleFolders"];
        /**
         * Delete an empty folder
         * @description `project`/`project_id` and `path` as query parameters. Needs write_instances. 409 while the folder holds subfolders or instances (deleted ones too); folder-level values set at it go with it. Answers the removed folder.
         */
        delete: operations["deleteApiConsoleFolders"];
        options?: never;
        head?: never;
        /**
         * Rename or move a folder with its subfolders, instances and folder-level values
         * @description `path` is the folder, `new_path` its full path afterwards. Every moved instance gets a new version (history names the move). Needs write_instances on the project. 409 naming the path when `new_path` exists; 400 naming `new_path` when it lies inside the folder or passes the path limits; 403 when an instance inside is locked or checked out by someone else.
         */
        patch: operations["patchApiConsoleFolders"];
        trace?: never;
    };
    "/console/instances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an empty instance of a pattern, checked out to its creator (needs write_instances)
         * @description Missing folders are created. 409 when the project already has an instance of that pattern, folder and name.
         */
        post: operations["postApiConsoleInstances"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/instances/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change an instance's description, labels or flags as a new version (needs write_instances)
         * @description Fields left out stay as they are; `labels` replaces all labels. The rows are kept. 403 when edit-disabled (an admin may still change the flags, to lift the lock) or checked out by another user. `base_version` (or If-Match) is required: 409 naming the newer version and its author when someone saved since. With `dry_run=true` nothing is written and the answer is the change's impact (docs/lineage.md "Impact"): deleting an instance makes its readers invalid.
         */
        patch: operations["patchApiConsoleInstancesId"];
        trace?: never;
    };
    "/console/instances/{id}/checkin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check an instance in (needs write_instances)
         * @description Commits the pending `rows` sent along first (a new version), then releases the checkout. An admin may release another user's checkout. With `rows`, `base_version` (or If-Match) is required: 409 when someone saved since.
         */
        post: operations["postApiConsoleInstancesIdCheckin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/instances/{id}/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check an instance out (needs write_instances)
         * @description Takes or renews the caller's checkout; 403 naming the holder when another user holds it, 403 when the instance is edit-disabled.
         */
        post: operations["postApiConsoleInstancesIdCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/instances/{id}/copy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy an instance under another name or folder, checked out to the copier
         * @description The copy has the same pattern, rows (with their positions), description and labels; not the flags, the release or the checkout. 409 when the new name is taken.
         */
        post: operations["postApiConsoleInstancesIdCopy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/instances/{id}/editing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An instance as the editor shows it
         * @description Header, rows, validation issues per cell, edit_disabled, the live checkout (who, since) and, when the caller may not edit now, why (read_only_reason).
         */
        get: operations["getApiConsoleInstancesIdEditing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/instances/{id}/reference-candidates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a reference cell of the instance may point to (the editor's picker)
         * @description The project's live instances of the patterns `column` (a `reference` property) allows whose name holds `q`, at most 20, by path, each with the cell text naming it (docs/lineage.md). 400 when `column` is no reference property. Needs access to the project.
         */
        get: operations["getApiConsoleInstancesIdReferenceCandidates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/instances/{id}/rows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Save an instance's rows as a new version (needs write_instances)
         * @description Rows in their new order (`@POS_NO` ignored). UPDATED with the new version, UNCHANGED when identical; 403 when edit-disabled or checked out by another user (naming the holder). `base_version` (or If-Match) is required: 409 naming the newer version and its author when someone saved since. With `dry_run=true` nothing is written and the answer is the save's impact (docs/lineage.md "Impact"): the instances whose files change (itself and downstream) with a sample diff, those that become invalid, the deployments affected.
         */
        put: operations["putApiConsoleInstancesIdRows"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/instances/{id}/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The validation issues of rows as they would be saved (stores nothing)
         * @description Rows in their order (`@POS_NO` ignored), checked against the pattern's properties and roles exactly as a save would; the editor calls it while the user types. Needs access only.
         */
        post: operations["postApiConsoleInstancesIdValidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/instances/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An instance's versions, oldest first (version, who, when, source) */
        get: operations["getApiConsoleInstancesIdVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/instances/{id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The rows of one version of an instance, keyed by the current header */
        get: operations["getApiConsoleInstancesIdVersionsVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/instances/{id}/versions/{version}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bring an earlier version back as a new version (needs write_instances)
         * @description The rows, description, labels and release of that version; the flags stay as they are. Based on the current version (`base_version` or If-Match, required): 409 naming the newer version and its author when someone saved since. 403 when edit-disabled or checked out by another user; 404 for an unknown version.
         */
        post: operations["postApiConsoleInstancesIdVersionsVersionRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/instances/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add or remove labels and set or clear flags on many instances (needs write_instances)
         * @description Each changed instance gets a version of its own (UPDATED), or stays (UNCHANGED); an edit-disabled instance (for non-admins) or one checked out by another user is SKIPPED with the reason. All ids must belong to the project: otherwise 404 and nothing changes. `base_versions` gives each id's version: when any changed since, 409 listing them and nothing changes.
         */
        post: operations["postApiConsoleInstancesBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/instances/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The filtered instance list as an .xlsx workbook
         * @description Takes the query of GET /api/v1/instances (project, filters, paging) and answers a workbook with one sheet per pattern: INSTANCE, PATTERN, PROJECT, FOLDER, POS_NO, then the pattern's properties and roles, one line per metadata row. Uploading it with `overwrite` gives back the same instances. `ids` (repeated, or comma-separated) keeps only those instances: the console's export of a selection.
         */
        get: operations["getApiConsoleInstancesExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/instances/invalid-names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Instances whose names break their pattern's name rule
         * @description Every instance of the project (deleted ones too) whose stored name does not follow its pattern's `instance_name_pattern` (default: a SQL identifier of at most 128 characters), with the reason. Such names were stored before the rule; they stay writable and are reported, not renamed (docs/instance-names.md). Needs access to the project.
         */
        get: operations["getApiConsoleInstancesInvalidNames"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user (console session check)
         * @description Answers 401 when the session cookie or token is missing, expired or signed out.
         */
        get: operations["getApiConsoleMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the signed-in user's own password
         * @description 204 when changed. 400 naming `new_password` when it is too short (METABUILD_PASSWORD_MIN_LENGTH) or longer than 72 bytes, and naming `current_password` when that is wrong.
         */
        post: operations["postApiConsoleMePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/metadata/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's recent metadata statement executions, newest first
         * @description `project` or `project_id` narrows to one project; `$limit` defaults to 50 (at most 500).
         */
        get: operations["getApiConsoleMetadataHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/metadata/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run metadata statements for the SQL editor: the v1 result plus the error's position
         * @description Same body, permissions and execution as `POST /api/v1/metadata`; the answer adds `position` ({`line`, `column`}, 1-based in `statement`) when status is `ERROR` and the dialect knows where, else `null`. `script_id` (optional) records the run in that saved script's history (docs/metadata-scripts.md).
         */
        post: operations["postApiConsoleMetadataRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/metadata/schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tables, views and columns of the metadata dialect in a project (editor completion) */
        get: operations["getApiConsoleMetadataSchema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/metadata/scripts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A project's script folders and saved SQL scripts (without bodies) */
        get: operations["getApiConsoleMetadataScripts"];
        put?: never;
        /**
         * Save a new SQL script in a folder (version 1)
         * @description Needs write_instances on the project. Missing folders are created. 409 when the folder holds a script of that name; 400 naming `name` or `folder` when invalid or too long.
         */
        post: operations["postApiConsoleMetadataScripts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/metadata/scripts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One saved script with its body */
        get: operations["getApiConsoleMetadataScriptsId"];
        put?: never;
        post?: never;
        /**
         * Delete a script with its versions (its runs stay in the history)
         * @description Needs write_instances. `base_version` (query) or If-Match required: 409 when someone saved since.
         */
        delete: operations["deleteApiConsoleMetadataScriptsId"];
        options?: never;
        head?: never;
        /**
         * Save a script's body, name or folder as a new version
         * @description Needs write_instances. Based on the version the user saw (`base_version` or If-Match, required): 409 naming the newer version and its author when someone saved since; 409 when the target folder holds a script of that name.
         */
        patch: operations["patchApiConsoleMetadataScriptsId"];
        trace?: never;
    };
    "/console/metadata/scripts/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The script's run history (every user's runs from it), newest first
         * @description A run is recorded against a script when `POST /api/console/metadata/run` names it in `script_id`. `$limit` defaults to 50 (at most 500).
         */
        get: operations["getApiConsoleMetadataScriptsIdRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/metadata/scripts/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A script's saved versions, newest first (who, when, name and folder then) */
        get: operations["getApiConsoleMetadataScriptsIdVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/metadata/scripts/{id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One saved version of a script with its body */
        get: operations["getApiConsoleMetadataScriptsIdVersionsVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/metadata/scripts/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a script folder (with any missing parents)
         * @description Needs write_instances on the project. 201 with the folder; 409 when it exists; 400 naming `path` when it is the root or passes the path limits.
         */
        post: operations["postApiConsoleMetadataScriptsFolders"];
        /**
         * Delete an empty script folder
         * @description `project`/`project_id` and `path` as query parameters. Needs write_instances. 409 while it holds subfolders or scripts. Answers the removed folder.
         */
        delete: operations["deleteApiConsoleMetadataScriptsFolders"];
        options?: never;
        head?: never;
        /**
         * Rename or move a script folder with its subfolders and scripts
         * @description `path` is the folder, `new_path` its full path afterwards. Needs write_instances. 409 when `new_path` exists; 400 naming `new_path` when it lies inside the folder or passes the limits.
         */
        patch: operations["patchApiConsoleMetadataScriptsFolders"];
        trace?: never;
    };
    "/console/metadata/tables/{name}/load": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Load a CSV or XLSX file into a custom table (@TABLES.<name>)
         * @description Needs `write_instances` on the project. The file comes as `multipart/form-data` (field `file`) or as the raw body (`text/csv`, an .xlsx media type or `application/octet-stream`), at most METABUILD_UPLOAD_MAX_BYTES. The first non-empty line names the columns (letters, digits, `_`; a name twice is a 400 naming the column). Types are stated in `types` or inferred (integer, number, boolean, date, string); a value that does not fit its column's type is a 400 naming line and column. `mode`: create (409 when the table exists), replace (columns and rows in one transaction) or append (the file's columns must be the table's, else 400). CSV: RFC 4180, UTF-8 with or without BOM, delimiter `,` `;` tab `|` detected from the header or given. `dry_run=true` answers the same result and stores nothing.
         */
        post: operations["postApiConsoleMetadataTablesNameLoad"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/patterns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a pattern (admins): version 1 of its definition
         * @description The definition has the bundle's pattern shape (docs/bundles.md) without `vers_no`: properties, functional roles, variables, templates, deployments and snippets. 409 when a pattern of that name exists.
         */
        post: operations["postApiConsolePatterns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/patterns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A pattern with its whole definition and version, as the pattern editor loads it */
        get: operations["getApiConsolePatternsId"];
        /**
         * Save an edited pattern (admins) as its next version
         * @description The whole definition; what it leaves out is removed (properties and roles are marked deleted, a deployment a build used is refused). Based on the version it was edited from (`base_version` or If-Match, required): 409 naming the current version and its author when someone saved since. The pattern's instances are re-validated; the answer counts those that became invalid. `dry_run=true` answers the same and stores nothing, with the save's `impact` (docs/lineage.md "Impact"): instances of the pattern and downstream whose files change, with a sample diff, those that become invalid, the deployments affected; 413 when the pattern has more than METABUILD_IMPACT_MAX_INSTANCES live instances.
         */
        put: operations["putApiConsolePatternsId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/patterns/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Render a pattern's templates for one instance without storing anything
         * @description `templates` (and `snippets`) replace the stored ones for this render; without them the stored ones render. Each template's failure is an entry of `errors` with its line and column; the other templates still render. Edited templates need pattern authoring rights (admins); stored ones need access to the instance's project. Renders where builds do (the render workers), under the builds' limits. 413 names the first template whose rendered text passes the output limits (docs/limits.md).
         */
        post: operations["postApiConsolePatternsIdPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/patterns/{id}/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A pattern's templates (path and body), in render order
         * @description Any user of the pattern's customer may read them, like the pattern itself.
         */
        get: operations["getApiConsolePatternsIdTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/patterns/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A pattern's saved versions, oldest first (version, who, when) */
        get: operations["getApiConsolePatternsIdVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/patterns/{id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One saved version of a pattern with its definition */
        get: operations["getApiConsolePatternsIdVersionsVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a project (admins only)
         * @description 201 with the project; 409 when the customer has a project of that name; 403 for non-admins.
         */
        post: operations["postApiConsoleProjects"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename, disable or enable a project (admins only)
         * @description A disabled project is hidden from non-admins, who can no longer read it; nobody writes its instances or starts its builds until it is enabled. 409 when the new name is taken.
         */
        patch: operations["patchApiConsoleProjectsId"];
        trace?: never;
    };
    "/console/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find instances, folders, patterns, builds and own SQL history by part of a name
         * @description Case-insensitive (ASCII) containment; at most `limit` hits per kind, names starting with the text first. Only projects the caller may read; SQL history is the caller's own.
         */
        get: operations["getApiConsoleSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** API tokens, without their text: an admin sees the customer's, others their own */
        get: operations["getApiConsoleTokens"];
        put?: never;
        /**
         * Create an API token for a pipeline; its text is answered this once
         * @description The token works as `Authorization: Bearer <token>` on every API route, on the named project only, with the named permissions its owner still holds (docs/identity.md). `service_account: true` (admins only) makes a token of the customer, not of a person.
         */
        post: operations["postApiConsoleTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API token: refused from the next request on, in every process */
        delete: operations["deleteApiConsoleTokensId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/variable_values": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a pattern variable's value at the project, a folder or an instance
         * @description `folder` (a path) or `instance_id` names the place; neither: the project level. Replaces a value set there before. Needs write_instances on the project. Answers the stored value with its level, shaped like a pattern_variables entry. An unknown folder is 404, never created. With `dry_run=true` nothing is written and the answer is the change's impact (docs/lineage.md "Impact"): the instances whose files change, a sample diff, the deployments affected; 413 when it touches more than METABUILD_IMPACT_MAX_INSTANCES instances.
         */
        put: operations["putApiConsoleVariableValues"];
        post?: never;
        /**
         * Remove the value set at one place; the cascade falls back to the next level
         * @description The same keys as PUT, as query parameters. Needs write_instances on the project. Answers the removed value with its level; 404 when no value is set there.
         */
        delete: operations["deleteApiConsoleVariableValues"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/variables/cascade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One pattern variable over a project's tree (cascade viewer)
         * @description Nodes project → folders → the pattern's instances, each with its effective value, the level and place it comes from, whether it is set there, and the chain of values it overrides.
         */
        get: operations["getApiConsoleVariablesCascade"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: 200 once the server is ready, with its version and commit */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: 200 when the store and the workers answer, else 503 naming what failed */
        get: operations["getHealthReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics; needs METABUILD_METRICS_TOKEN as a bearer token when it is set */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent_groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agent groups of the customer */
        get: operations["getApiV1AgentGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent_groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One agent group */
        get: operations["getApiV1AgentGroupsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Agents of the customer
         * @description Filter by `group` (name) or `group_id`, `name`, `agent_id`, `online`.
         */
        get: operations["getApiV1Agents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One agent */
        get: operations["getApiV1AgentsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/build_deployments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Runs of deployment definitions on builds, in the projects the user may access */
        get: operations["getApiV1BuildDeployments"];
        put?: never;
        /**
         * Deploy a finished build's archive through an agent
         * @description Needs `write_builds` on the build's project. Give the deployment definition by `deployment_id` or by name (`deployment`, among the build's patterns), and one agent (`agent_id`: integer id or UUID) or a group (`agent_group` / `agent_group_id`) whose least busy online agent takes the run. Answers 201 with the run QUEUED; it moves to RUNNING, then SUCCEEDED or FAILED. 409 when the build is not FINISHED or no agent is online.
         */
        post: operations["postApiV1BuildDeployments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/build_deployments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One build deployment with its status and log */
        get: operations["getApiV1BuildDeploymentsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/builds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Builds of the projects the user may access
         * @description Filters: `project`/`project_id`, `user` (name or e-mail of the starter)/`user_id`, `pattern`/`pattern_id` (builds that rendered it), `releases` (builds started with those releases).
         */
        get: operations["getApiV1Builds"];
        put?: never;
        /**
         * Start a build (needs write_builds)
         * @description `instances` holds entries by `id`, by `pattern` + `folder` + `name`, or wildcards (a `name` holding `*`: `"*"` all, `"*ORD*"` a glob; `subfolders: true` adds every folder below `folder`) with search filters. Without `wait` the answer is `{ build: { id, status, progress }, warnings }`; with `wait: true` it comes when the build has ended (or after METABUILD_WAIT_TIMEOUT seconds) and holds the full build.
         */
        post: operations["postApiV1Builds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/builds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One build; `downloads` lists its archives once it has finished */
        get: operations["getApiV1BuildsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deployments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deployment definitions of the customer's patterns
         * @description Filter by `pattern` (name) or `pattern_id`, and `name`.
         */
        get: operations["getApiV1Deployments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deployments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One deployment definition */
        get: operations["getApiV1DeploymentsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/downloads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Build results of the projects the user may access */
        get: operations["getApiV1Downloads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/downloads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The file of a download (needs read_builds)
         * @description A zip archive of one pattern's rendered files plus `manifest.json`; `Content-Disposition` names the file. Each fetch counts in `downloaded`. 503 when the archive is not in this server process's data folder (processes of one store must share METABUILD_DATA_DIR: docs/scale-out.md).
         */
        get: operations["getApiV1DownloadsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/functional_roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Non-deleted functional roles of the customer's patterns
         * @description Filter by `pattern` (name) or `pattern_id`.
         */
        get: operations["getApiV1FunctionalRoles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/functional_roles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One functional role */
        get: operations["getApiV1FunctionalRolesId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/harvest_schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Harvest schedules in the projects the user may access (optionally one project) */
        get: operations["getApiV1HarvestSchedules"];
        put?: never;
        /**
         * Harvest a source on a schedule (cron, 5 fields, UTC)
         * @description Needs `write_instances` on the project. The agent or group must exist; it need not be online now. At each matching minute the server starts a run as this user; an agent offline then makes a run that ends FAILED with the reason.
         */
        post: operations["postApiV1HarvestSchedules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/harvest_schedules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One harvest schedule */
        get: operations["getApiV1HarvestSchedulesId"];
        put?: never;
        post?: never;
        /**
         * Delete a harvest schedule (its runs stay)
         * @description Needs `write_instances` on the schedule's project. Answers the removed schedule.
         */
        delete: operations["deleteApiV1HarvestSchedulesId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/harvest_sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Connected agents and the source names they announced
         * @description Only names: a source's file or URL stays in the agent's agent.yaml.
         */
        get: operations["getApiV1HarvestSources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/harvests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Harvest runs in the projects the user may access (optionally one project) */
        get: operations["getApiV1Harvests"];
        put?: never;
        /**
         * Harvest a source's catalog through an agent into the project's @TABLES
         * @description Needs `write_instances` on the project. `source` names a source of the agent's own agent.yaml (`sources:`); give one agent (`agent_id`: integer id or UUID) or a group (`agent_group` / `agent_group_id`). The catalog replaces `<table_prefix>_TABLES`, `_COLUMNS`, `_KEYS` and `_FOREIGN_KEYS` (prefix default: the source name in upper case) in one transaction when the run SUCCEEDS; a failed run changes nothing. Answers 201 with the run QUEUED. 409 when the agent is offline or disabled, or no agent of the group is online.
         */
        post: operations["postApiV1Harvests"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/harvests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One harvest run with its status and log */
        get: operations["getApiV1HarvestsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/instance_folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Folders of the instance tree
         * @description Without `project`/`project_id`: the folders of every project the user may access. `path` matches one folder exactly.
         */
        get: operations["getApiV1InstanceFolders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/instance_folders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One instance folder */
        get: operations["getApiV1InstanceFoldersId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/instance_properties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Non-deleted instance properties of the customer's patterns
         * @description Filter by `pattern` (name) or `pattern_id`.
         */
        get: operations["getApiV1InstanceProperties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/instance_properties/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One instance property */
        get: operations["getApiV1InstancePropertiesId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/instances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Instances of a project, filtered
         * @description Exactly one of `project` and `project_id` is required. Without `deleted` only non-deleted instances are listed; `folder` matches one folder, with `subfolders=true` that folder and every folder below it; `name` is exact, or a glob when it holds `*` (`*` any run of characters, everything else literal, case-sensitive); `releases` maps release group names to release names (`releases[core]=R1` or a JSON text); `labels` (`labels[]=a&labels[]=b`, `labels[0]=a` or repeated) matches instances carrying at least one of them.
         */
        get: operations["getApiV1Instances"];
        put?: never;
        /**
         * Upload instances from an .xlsx workbook
         * @description Needs `write_instances`. Columns per sheet: INSTANCE (rows without it are skipped), PATTERN (unless the `pattern` field is given), PROJECT (ignored: the `project` field decides), FOLDER (default `/`, overridden by `folder`), POS_NO (integer; 0 when missing or non-numeric), then property and role columns of the pattern (others are ignored). Rows are grouped by pattern; each pattern is imported in its own transaction and a failing one is named in `errors` without undoing the others. Statuses: INSERTED, UPDATED (`overwrite`; `reason: unchanged` when nothing differed), SKIPPED (`reason`: exists without overwrite, upload disabled, checked out by another user). 413 past the upload size, unpacked-size or stored-characters limit; 400 for a file that is not a readable .xlsx, or a name, folder or value over its length limit. `dry_run=true` answers the same result without storing anything (200; `id` is null for an instance it would insert).
         */
        post: operations["postApiV1Instances"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/instances/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One instance with its metadata rows
         * @description `header` is `@POS_NO`, then the pattern's properties, then its functional roles; each `field_details` row is keyed by exactly those names. With `Accept: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet` the answer is instead an .xlsx workbook of the instance (a sheet named after the pattern: INSTANCE, PATTERN, PROJECT, FOLDER, POS_NO, then properties and roles; one line per row), which POST /api/v1/instances reads back.
         */
        get: operations["getApiV1InstancesId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Labels of projects
         * @description Without `project`/`project_id`: the labels of every project the user may access.
         */
        get: operations["getApiV1Labels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/labels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One label */
        get: operations["getApiV1LabelsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lineage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The lineage graph of a project, or around one instance
         * @description Exactly one of `project` and `project_id` is required; read access to the project, as for the instance list. Edges point from the referenced instance (`from`) to the instance whose row references it (`to`); a column-level reference (`PATTERN:/folder/NAME#ROW`) gives `from_row`, the target row. Without `instance_id` the whole project (`direction` and `depth` do not apply); with it, the instances reached going `direction` (default `both`) at most `depth` edges away (no bound when left out). docs/lineage.md.
         */
        get: operations["getApiV1Lineage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run metadata statements (the SQL dialect) in a project
         * @description Statements separated by `;` run in order in one transaction; the result is the last one's, or the first failing one's (`stmt_no`), and a failure rolls all back. SQL errors answer 200 with status `ERROR`. Writes need `write_instances` (403). A user with `METABUILD_SQL_PER_USER` executions running (or with every executor busy) waits up to `METABUILD_SQL_QUEUE_MS`, then gets 429 with `Retry-After`. See docs/metadata-sql.md.
         */
        post: operations["postApiV1Metadata"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pattern_variables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pattern variables, resolved through the cascade for a scope
         * @description Without a scope: each definition with its default (level `default`). With `project`/`project_id`, `instance_folder`/`instance_folder_id` or `instance`/`instance_id`: each definition once for that scope, with the value resolved instance > folder (up the tree) > project > default and the scope ids of where it is defined. Folder paths and instance names need a project. `name` and `value` filter the resolved entries.
         */
        get: operations["getApiV1PatternVariables"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pattern_variables/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One pattern variable definition */
        get: operations["getApiV1PatternVariablesId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/patterns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Patterns of the customer */
        get: operations["getApiV1Patterns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/patterns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One pattern */
        get: operations["getApiV1PatternsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Projects the user may access */
        get: operations["getApiV1Projects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One project */
        get: operations["getApiV1ProjectsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/release_groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Release groups of the customer
         * @description Release groups are customer-wide: every user of the customer may read them.
         */
        get: operations["getApiV1ReleaseGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/release_groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One release group */
        get: operations["getApiV1ReleaseGroupsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/releases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Releases of the customer
         * @description `release_group` (a name) or `release_group_id` restricts them to one release group.
         */
        get: operations["getApiV1Releases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/releases/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One release */
        get: operations["getApiV1ReleasesId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AdminCustomerGrant: {
            /** @enum {string} */
            permission: "develop_patterns";
            user_id: number;
        };
        AdminGrant: {
            /** @enum {string} */
            permission: "access" | "write_instances" | "read_builds" | "write_builds";
            project_id: number;
            user_id: number;
        };
        AdminGrantMatrix: {
            customer_grants: components["schemas"]["AdminCustomerGrant"][];
            grants: components["schemas"]["AdminGrant"][];
            projects: {
                id: number;
                name: string;
            }[];
            users: components["schemas"]["AdminUser"][];
        };
        AdminUser: {
            admin: boolean;
            created_at: string;
            disabled: boolean;
            email: string;
            id: number;
            last_sign_in_at: string | null;
            must_change_password: boolean;
            name: string | null;
        };
        AdminUserList: {
            data: components["schemas"]["AdminUser"][];
        };
        AdminUserWithPassword: {
            admin: boolean;
            created_at: string;
            disabled: boolean;
            email: string;
            id: number;
            last_sign_in_at: string | null;
            must_change_password: boolean;
            name: string | null;
            one_time_password?: string;
        };
        Agent: {
            /** @description Agent UUID */
            agent_id: string;
            deleted: boolean;
            disabled: boolean;
            group_id: number | null;
            id: number;
            name: string;
            online: boolean;
        };
        AgentGroup: {
            description: string | null;
            id: number;
            name: string;
        };
        AgentRegistered: {
            agent: components["schemas"]["Agent"];
            /** @description The agent's secret, answered this once (stored only as a hash) */
            secret: string;
        };
        ApiToken: {
            created_at: string;
            expires_at: string;
            id: number;
            last_used_at: string | null;
            name: string;
            owner: string | null;
            permissions: ("access" | "write_instances" | "read_builds" | "write_builds" | "develop_patterns")[];
            project: string;
            project_id: number;
            service_account: boolean;
        };
        ApiTokenCreated: {
            created_at: string;
            expires_at: string;
            id: number;
            last_used_at: string | null;
            name: string;
            owner: string | null;
            permissions: ("access" | "write_instances" | "read_builds" | "write_builds" | "develop_patterns")[];
            project: string;
            project_id: number;
            service_account: boolean;
            token: string;
        };
        ApiTokenList: {
            data: components["schemas"]["ApiToken"][];
        };
        AuditEvent: {
            action: string;
            after: unknown | null;
            at: string;
            before: unknown | null;
            client_address: string | null;
            id: number;
            project_id: number | null;
            request_id: string | null;
            target_id: string | null;
            target_kind: string | null;
            target_label: string | null;
            user_email: string | null;
            user_id: number | null;
            user_name: string | null;
        };
        AuditEventList: components["schemas"]["AuditEvent"][];
        AuthenticationRequest: {
            accessToken?: string;
            email?: string;
            password?: string;
            strategy: string;
        };
        AuthenticationResult: {
            accessToken: string;
            authentication: {
                accessToken: string;
                strategy: string;
            };
            user: {
                email: string;
                id: number;
            };
        };
        Build: {
            active: number;
            build_end: string | null;
            build_start: string | null;
            commit_ind: number;
            created_at: string;
            customer_id: number;
            deleted: number;
            deliveries_calculated: number;
            /** @description Empty when none was given */
            description: string;
            downloads: components["schemas"]["BuildDownload"][];
            history_commited: number;
            id: number;
            instances: number;
            message: string;
            mts: number;
            name: string | null;
            patterns: number[];
            progress: number;
            project_id: number;
            releases: number[];
            /** @enum {string} */
            status: "BUILDING" | "FINISHED" | "FAILED" | "CANCELED";
            updated_at: string;
            user_id: number;
            version: number;
        };
        BuildCreateRequest: {
            description?: string;
            instances?: components["schemas"]["BuildInstanceEntry"][];
            project?: string;
            project_id?: string | number;
            releases?: string | {
                [key: string]: string;
            };
            restore?: boolean;
            wait?: boolean;
        };
        BuildCreateResponse: {
            build: components["schemas"]["Build"] | {
                id: number;
                progress: number;
                /** @enum {string} */
                status: "BUILDING" | "FINISHED" | "FAILED" | "CANCELED";
            };
            warnings: string[];
        };
        BuildDeployment: {
            /** @description The group asked for, when the run was started on a group */
            agent_group_id: number | null;
            /** @description The agent (its integer id) the run was sent to */
            agent_id: number | null;
            build_id: number;
            created_at: string;
            deployment_id: number;
            finished_at: string | null;
            id: number;
            /** @description The agent's log lines, each ending in a newline */
            log: string;
            pattern_id: number;
            project_id: number;
            /** @description While QUEUED: the run's place in its agent's line (1 = next; runs and harvests ahead of it count), else null */
            queue_position: number | null;
            started_at: string | null;
            /** @enum {string} */
            status: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
            /** @description The download (the pattern's archive of the build) deployed */
            upload_id: number | null;
        };
        BuildDeploymentCreate: {
            agent_group?: string;
            agent_group_id?: number;
            /** @description The agent's integer id or its UUID (`agent_id` of an Agent) */
            agent_id?: number | string;
            build_id: number;
            deployment?: string;
            deployment_id?: number;
        };
        BuildDiff: {
            added: {
                path: string;
                pattern: string;
            }[];
            against: number;
            build_id: number;
            changed: {
                diff: string | null;
                path: string;
                pattern: string;
            }[];
            removed: {
                path: string;
                pattern: string;
            }[];
            unchanged: number;
        };
        BuildDownload: {
            file_id: number | null;
            id: number;
            name: string;
            pattern: string;
            pattern_id: number;
        };
        BuildFile: {
            download_id: number;
            instance_id: number | null;
            path: string;
            pattern: string;
            pattern_id: number;
            sha256: string;
            size: number;
        };
        BuildInstanceEntry: {
            /** @description Ignored (with a warning): build-disabled instances are always skipped */
            build_disabled?: boolean;
            checked_out?: boolean;
            checked_out_by_user?: string;
            checked_out_by_user_id?: number;
            deleted?: boolean;
            /** @description Also build every instance referencing the entry's instances, transitively (docs/lineage.md) */
            downstream?: boolean;
            edit_disabled?: boolean;
            folder?: string;
            id?: number;
            insert_disabled?: boolean;
            /** @description Ignored (with a warning): invalid instances are never built */
            invalid?: boolean;
            labels?: string[];
            name?: string;
            pattern?: string;
            /** @description Wildcard entries only: the folder and every folder below it */
            subfolders?: boolean;
            upload_disabled?: boolean;
            /** @description Also build every instance the entry's instances reference, transitively (docs/lineage.md) */
            upstream?: boolean;
        };
        BuildSelection: {
            instances: {
                folder: string;
                id: number;
                name: string;
                pattern: string;
                version: number | null;
            }[];
            left_out: {
                folder: string;
                id: number;
                name: string;
                pattern: string;
                /** @enum {string} */
                reason: "invalid" | "build_disabled" | "release" | "deleted";
            }[];
            releases: {
                [key: string]: string;
            };
        };
        BundlePlan: {
            applied: boolean;
            customers: {
                counts: {
                    changed: number;
                    created: number;
                    /** @enum {string} */
                    kind: "customer" | "release_group" | "user" | "pattern" | "project" | "folder" | "table" | "script" | "view" | "instance" | "agent_group";
                    removed: number;
                    unchanged: number;
                }[];
                customer: string;
                items: {
                    /** @enum {string} */
                    action: "created" | "changed" | "removed";
                    changes: {
                        after: string | null;
                        before: string | null;
                        field: string;
                    }[];
                    /** @enum {string} */
                    kind: "customer" | "release_group" | "user" | "pattern" | "project" | "folder" | "table" | "script" | "view" | "instance" | "agent_group";
                    more_changes?: number;
                    name: string;
                    project?: string;
                }[];
            }[];
            dry_run: boolean;
            generated_agents: {
                agent_id?: string;
                customer: string;
                group: string;
                name: string;
                secret?: string;
            }[];
            instances: {
                inserted: number;
                unchanged: number;
                updated: number;
            };
        };
        CascadeNode: {
            chain: {
                defined_at: string;
                /** @enum {string} */
                level: "default" | "project" | "instance_folder" | "instance";
                value: string | null;
            }[];
            defined_at: string;
            id: number;
            /** @enum {string} */
            kind: "project" | "folder" | "instance";
            /** @enum {string} */
            level: "default" | "project" | "instance_folder" | "instance";
            name: string;
            parent: string | null;
            path: string;
            set_here: boolean;
            value: string | null;
        };
        CellIssue: {
            column: string;
            message: string;
            row: number;
        };
        CheckoutHolder: {
            email: string;
            since: string;
            user_id: number;
        };
        Deployment: {
            id: number;
            name: string;
            pattern_id: number;
        };
        DeploymentPlan: {
            /** @description The group asked for (its agent was picked when the plan started) */
            agent_group_id: number | null;
            /** @description The agent every step runs on */
            agent_id: number;
            build_id: number;
            created_at: string;
            ended_at: string | null;
            id: number;
            /** @description Why the plan FAILED */
            message: string | null;
            project_id: number;
            /** @enum {string} */
            status: "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
            steps: components["schemas"]["DeploymentPlanStep"][];
        };
        DeploymentPlanCreate: {
            agent_group?: string;
            agent_group_id?: number;
            /** @description The agent's integer id or its UUID */
            agent_id?: number | string;
            build_id: number;
            /**
             * @description `graph`: the steps run in the lineage graph's dependency order of their patterns (docs/lineage.md); `given` (the default): as listed
             * @enum {string}
             */
            order?: "given" | "graph";
            /** @description Run in this order; each starts only after the previous SUCCEEDED */
            steps: components["schemas"]["DeploymentPlanStepCreate"][];
        };
        DeploymentPlanStep: {
            /** @description The step's run (a BuildDeployment), once it was started */
            build_deployment_id: number | null;
            /** @description The deployment definition's name */
            deployment: string;
            /** @description The deployment definition's id */
            deployment_id: number;
            ended_at: string | null;
            pattern: string;
            pattern_id: number;
            /** @description 1 for the first step */
            position: number;
            started_at: string | null;
            /** @enum {string} */
            status: "PENDING" | "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED" | "SKIPPED";
        };
        DeploymentPlanStepCreate: {
            /** @description A deployment of that pattern, by name */
            deployment: string;
            /** @description A pattern the build built, by name */
            pattern: string;
        };
        Download: {
            build_id: number;
            customer_id: number;
            downloaded: number;
            file_id: number | null;
            file_name: string;
            id: number;
            instance_id: number | null;
            name: string;
            pattern_id: number;
            project_id: number;
            type: string;
            /** @description The upload build deployments name: the archive itself */
            upload_id: number;
            version: number;
        };
        EditorColumn: {
            cardinality: string | null;
            datatype: string | null;
            description: string | null;
            /** @enum {string} */
            kind: "property" | "role";
            name: string;
            references?: string[];
            required: boolean;
        };
        Error: {
            className: string;
            code: number;
            data?: unknown;
            message: string;
            name: string;
        };
        FolderMoved: {
            folder: components["schemas"]["InstanceFolder"];
            /** @description Folders moved, the folder itself included */
            folders: number;
            /** @description The path before the move */
            from: string;
            /** @description Instances moved (each has a new version) */
            instances: number;
        };
        FunctionalRole: {
            /** @description A digit or `N` (unbounded) */
            cardinality_max: string;
            cardinality_min: string;
            class: string | null;
            deleted: boolean;
            disabled: boolean;
            domain: string | null;
            id: number;
            merge_strategy: string | null;
            name: string;
            pattern_id: number;
            pos_no: number;
            readonly: boolean;
        };
        HarvestCreate: {
            agent_group?: string;
            agent_group_id?: number;
            /** @description The agent's integer id or its UUID */
            agent_id?: number | string;
            project?: string;
            project_id?: string | number;
            source: string;
            table_prefix?: string;
        };
        HarvestRun: {
            agent_group_id: number | null;
            agent_id: number | null;
            created_at: string;
            finished_at: string | null;
            id: number;
            /** @description Log lines, each ending in a newline */
            log: string;
            project_id: number;
            schedule_id: number | null;
            source: string;
            started_at: string | null;
            /** @enum {string} */
            status: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED";
            table_prefix: string;
            tables: string[];
        };
        HarvestSchedule: {
            agent_group_id: number | null;
            agent_id: number | null;
            created_at: string;
            cron: string;
            id: number;
            last_run_at: string | null;
            project_id: number;
            source: string;
            table_prefix: string;
        };
        HarvestScheduleCreate: {
            agent_group?: string;
            agent_group_id?: number;
            /** @description The agent's integer id or its UUID */
            agent_id?: number | string;
            /** @description 5 fields (minute hour day-of-month month day-of-week), UTC */
            cron: string;
            project?: string;
            project_id?: string | number;
            source: string;
            table_prefix?: string;
        };
        HarvestSource: {
            agent_group_id: number | null;
            agent_id: number;
            agent_name: string;
            agent_uuid: string;
            sources: string[];
        };
        InstanceBulkOutcome: {
            instances: {
                folder: string;
                id: number;
                name: string;
                reason?: string;
                /** @enum {string} */
                status: "UPDATED" | "UNCHANGED" | "SKIPPED";
                version: number;
            }[];
        };
        InstanceDetail: {
            field_details: {
                [key: string]: string | number | null;
            }[];
            folder: string;
            header: string[];
            instance_id: number;
            instance_name: string;
            pattern_name: string;
            project_name: string;
        };
        InstanceEditing: {
            build_disabled: boolean;
            checkout: components["schemas"]["CheckoutHolder"] | null;
            columns: components["schemas"]["EditorColumn"][];
            deleted: boolean;
            description: string | null;
            edit_disabled: boolean;
            folder: string;
            header: string[];
            insert_disabled: boolean;
            instance_id: number;
            instance_name: string;
            issues: components["schemas"]["CellIssue"][];
            labels: string[];
            pattern_id: number;
            pattern_name: string;
            project_id: number;
            project_name: string;
            read_only_reason: string | null;
            release: string | null;
            release_group: string | null;
            releases: string[];
            rows: {
                [key: string]: string | number | null;
            }[];
            upload_disabled: boolean;
            version: number;
        };
        InstanceFolder: {
            id: number;
            name: string;
            parent_id: number | null;
            /** @description Full path, `/` for the root */
            path: string;
            project_id: number;
        };
        InstanceListItem: {
            build_disabled: boolean;
            checked_out: boolean;
            customer_id: number;
            deleted: boolean;
            description: string | null;
            edit_disabled: boolean;
            errors: number;
            /** @description Folder path, starting with `/` */
            folder: string;
            id: number;
            identity_id: number | null;
            insert_disabled: boolean;
            instance_folder_id: number;
            invalid: boolean;
            labels: string[];
            latest_commit_id: number | null;
            name: string;
            pattern_id: number;
            project_id: number;
            release_id: number | null;
            upload_disabled: boolean;
            user_id: number | null;
            version: number;
        };
        InstanceProperty: {
            datatype: string;
            deleted: boolean;
            description: string | null;
            format: string | null;
            id: number;
            name: string;
            pattern_id: number;
            pos_no: number;
            references?: string[];
            required: boolean;
        };
        InstanceRowsCheck: {
            issues: components["schemas"]["CellIssue"][];
        };
        InstanceSaveOutcome: {
            folder: string;
            id: number;
            name: string;
            /** @enum {string} */
            status: "INSERTED" | "UPDATED" | "SKIPPED" | "UNCHANGED";
            version: number;
        };
        InstanceUploadForm: {
            /**
             * @description Answer what the upload would do (statuses, errors) without storing anything (default false)
             * @enum {string}
             */
            dry_run?: "true" | "false";
            /**
             * Format: binary
             * @description The .xlsx workbook
             */
            file: string;
            /** @description Folder path for all rows; overrides FOLDER */
            folder?: string;
            /**
             * @description Overwrite existing instances (default false)
             * @enum {string}
             */
            overwrite?: "true" | "false";
            /** @description Applies to all rows; overrides PATTERN */
            pattern?: string;
            project?: string;
            project_id?: string | number;
            /** @description Release assigned to every instance */
            release?: string;
            /** @description Sheet names to import (sent as `sheets[]`); default all */
            sheets?: string[];
        };
        InstanceUploadResult: {
            errors?: string[];
            instances: components["schemas"]["UploadedInstance"][];
        };
        InstanceVersion: {
            created_at: string;
            message: string | null;
            source: string;
            user: string | null;
            user_id: number | null;
            version: number;
        };
        InstanceVersionRows: {
            created_at: string;
            header: string[];
            message: string | null;
            rows: {
                [key: string]: string | number | null;
            }[];
            source: string;
            user: string | null;
            user_id: number | null;
            version: number;
        };
        InvalidInstanceName: {
            folder: string;
            id: number;
            name: string;
            pattern: string;
            reason: string;
        };
        InvalidInstanceNames: {
            items: components["schemas"]["InvalidInstanceName"][];
        };
        Label: {
            id: number;
            name: string;
            project_id: number;
        };
        LineageEdge: {
            from: number;
            from_row: string | null;
            property: string;
            to: number;
            to_pos_no: number;
        };
        LineageGraph: {
            edges: components["schemas"]["LineageEdge"][];
            nodes: components["schemas"]["LineageNode"][];
        };
        LineageImpact: {
            changed: {
                /** @description How many of its files change */
                files: number;
                folder: string;
                id: number;
                name: string;
                pattern: string;
            }[];
            deployments: {
                id: number;
                name: string;
                pattern: string;
            }[];
            invalid: {
                folder: string;
                id: number;
                name: string;
                pattern: string;
            }[];
            sample: {
                diff: string | null;
                instance_id: number;
                path: string;
            } | null;
        };
        LineageNode: {
            build_disabled: boolean;
            deleted: boolean;
            folder: string;
            id: number;
            name: string;
            pattern: string;
            valid: boolean;
        };
        Me: {
            admin: boolean;
            customer: string;
            customer_id: number;
            develop_patterns: boolean;
            email: string;
            id: number;
            must_change_password: boolean;
            projects: {
                id: number;
                name: string;
                permissions: ("access" | "write_instances" | "read_builds" | "write_builds")[];
            }[];
        };
        MetadataColumn: {
            name: string;
            /** @description 0-based position */
            pos_no: number;
            /** @description string, integer, number or binary */
            type: string;
        };
        MetadataErrorPosition: {
            /** @description 1-based column */
            column: number;
            /** @description 1-based line in the statement text sent */
            line: number;
        };
        MetadataExecution: {
            error: string | null;
            id: string;
            project_id: number;
            row_count: number;
            runtime: number;
            /** @description The saved script it ran from (docs/metadata-scripts.md), else null */
            script_id: number | null;
            /** @description That script's saved version when it ran */
            script_version: number | null;
            start_time: number;
            statement: string;
            /** @enum {string} */
            status: "FINISHED" | "ERROR";
            type: string | null;
        };
        /** @description Present only on a dry run (`dry_run: true`); nothing was written */
        MetadataPlan: {
            /** @description Instances it would change (a new version) */
            change: number;
            /** @description Instances the INSERT would create */
            create: number;
            /** @description Instances whose rows are already the same */
            leave: number;
            /** @description Metadata rows over all those instances */
            rows: number;
        };
        MetadataRequest: {
            /** @description Plan the script's INSERT INTO @INSTANCES statements without writing anything: the result lists what each instance would become, with `plan` totals (docs/metadata-sql.md "Dry run") */
            dry_run?: boolean;
            project?: string;
            project_id?: string | number;
            /** @description One or more statements of the dialect, separated by `;` */
            statement?: string;
        };
        MetadataResult: {
            error?: string;
            /** @description Execution id (UUID) */
            id: string;
            metadata: components["schemas"]["MetadataColumn"][];
            plan?: components["schemas"]["MetadataPlan"];
            rows: {
                [key: string]: unknown;
            }[];
            /** @description Milliseconds */
            runtime: number;
            /** @description The statement this result belongs to */
            sql: string;
            /** @description Unix milliseconds */
            start_time: number;
            /** @enum {string} */
            status: "FINISHED" | "ERROR";
            /** @description 1-based number of that statement */
            stmt_no: number;
            /** @description Present (true) when the row limit cut the result */
            truncated?: boolean;
            /** @description e.g. select_statement, insert_statement */
            type: string;
            user_id: number;
        };
        MetadataRunRequest: {
            /** @description Plan the script's INSERT INTO @INSTANCES statements without writing anything: the result lists what each instance would become, with `plan` totals (docs/metadata-sql.md "Dry run") */
            dry_run?: boolean;
            project?: string;
            project_id?: string | number;
            /** @description Record the run in this script's history (same project) */
            script_id?: number;
            /** @description One or more statements of the dialect, separated by `;` */
            statement?: string;
        };
        MetadataRunResult: {
            error?: string;
            /** @description Execution id (UUID) */
            id: string;
            metadata: components["schemas"]["MetadataColumn"][];
            plan?: components["schemas"]["MetadataPlan"];
            /** @description Where the failing statement went wrong, when known (status ERROR); else null */
            position: components["schemas"]["MetadataErrorPosition"] | null;
            rows: {
                [key: string]: unknown;
            }[];
            /** @description Milliseconds */
            runtime: number;
            /** @description The statement this result belongs to */
            sql: string;
            /** @description Unix milliseconds */
            start_time: number;
            /** @enum {string} */
            status: "FINISHED" | "ERROR";
            /** @description 1-based number of that statement */
            stmt_no: number;
            /** @description Present (true) when the row limit cut the result */
            truncated?: boolean;
            /** @description e.g. select_statement, insert_statement */
            type: string;
            user_id: number;
        };
        MetadataSchema: {
            tables: components["schemas"]["MetadataSchemaTable"][];
        };
        MetadataSchemaTable: {
            columns: {
                /** @enum {string} */
                kind: "system" | "property" | "role" | "column";
                name: string;
                required: boolean;
                type: string;
            }[];
            description: string | null;
            name: string;
            /** @enum {string} */
            schema: "@INSTANCES" | "@TABLES" | "@INFORMATION_SCHEMA";
            /** @enum {string} */
            type: "VIEW" | "TABLE";
        };
        Pattern: {
            active: boolean;
            deleted: boolean;
            description: string | null;
            disabled: boolean;
            id: number;
            name: string;
            release_group_id: number | null;
            status: string;
            /** @description Target platform kind */
            type: string;
            vers_no: string;
        };
        PatternAuthoring: {
            definition: components["schemas"]["PatternDefinition"];
            pattern: components["schemas"]["Pattern"];
            version: number;
        };
        PatternConstraint: {
            column: string;
            ignore_case?: boolean;
            /** @constant */
            kind: "unique";
            message?: string;
        } | {
            column: string;
            /** @constant */
            kind: "one_of";
            message?: string;
            values: string[];
        } | {
            column: string;
            /** @constant */
            kind: "regex";
            message?: string;
            pattern: string;
        } | {
            /** @constant */
            kind: "condition";
            message?: string;
            require: {
                column: string;
                /** @enum {string} */
                test: "empty" | "not_empty" | "equals" | "not_equals" | "one_of" | "matches";
                value?: string;
                values?: string[];
            };
            when: {
                column: string;
                /** @enum {string} */
                test: "empty" | "not_empty" | "equals" | "not_equals" | "one_of" | "matches";
                value?: string;
                values?: string[];
            };
        };
        PatternDefinition: {
            active?: boolean;
            constraints?: components["schemas"]["PatternConstraint"][];
            deleted?: boolean;
            /** @default [] */
            deployments: {
                /** @default {} */
                config: {
                    [key: string]: unknown;
                };
                /** @enum {string} */
                kind: "directory" | "sql";
                name: string;
            }[];
            description?: string | null;
            disabled?: boolean;
            /** @default [] */
            functional_roles: {
                cardinality_max?: string;
                cardinality_min?: string;
                class?: string | null;
                disabled?: boolean;
                domain?: string | null;
                merge_strategy?: string | null;
                name: string;
                pos_no?: number;
                readonly?: boolean;
            }[];
            instance_name_pattern?: string | null;
            name: string;
            /** @default [] */
            properties: {
                /** @enum {string} */
                datatype?: "string" | "integer" | "number" | "boolean" | "date" | "reference";
                description?: string | null;
                format?: string | null;
                name: string;
                pos_no?: number;
                references?: string[];
                required?: boolean;
            }[];
            release_group?: string | null;
            /** @default [] */
            snippets: {
                body: string;
                name: string;
            }[];
            status?: string;
            /** @default [] */
            templates: {
                body: string;
                path: string;
            }[];
            type?: string;
            /** @default [] */
            variables: {
                default?: unknown;
                description?: string | null;
                name: string;
            }[];
        };
        PatternDefinitionInput: {
            active?: boolean;
            constraints?: components["schemas"]["PatternConstraint"][];
            deleted?: boolean;
            /** @default [] */
            deployments: {
                /** @default {} */
                config: {
                    [key: string]: unknown;
                };
                /** @enum {string} */
                kind: "directory" | "sql";
                name: string;
            }[];
            description?: string | null;
            disabled?: boolean;
            functional_roles?: {
                cardinality_max?: string | number;
                cardinality_min?: string | number;
                class?: string | null;
                disabled?: boolean;
                domain?: string | null;
                merge_strategy?: string | null;
                name: string;
                pos_no?: number;
                readonly?: boolean;
            }[];
            instance_name_pattern?: string | null;
            name: string;
            /** @default [] */
            properties: {
                /** @enum {string} */
                datatype?: "string" | "integer" | "number" | "boolean" | "date" | "reference";
                description?: string | null;
                format?: string | null;
                name: string;
                pos_no?: number;
                references?: string[];
                required?: boolean;
            }[];
            release_group?: string | null;
            /** @default [] */
            snippets: {
                body: string;
                name: string;
            }[];
            status?: string;
            /** @default [] */
            templates: {
                body: string;
                path: string;
            }[];
            type?: string;
            variables?: {
                default?: string | number | boolean | null;
                description?: string | null;
                name: string;
            }[];
        };
        PatternPreview: {
            errors: components["schemas"]["PreviewError"][];
            files: {
                content: string;
                path: string;
            }[];
        };
        PatternPreviewRequest: {
            instance_id: number;
            /** @description Snippets to use instead of the stored ones */
            snippets?: {
                body: string;
                name: string;
            }[];
            /** @description Templates to render instead of the stored ones */
            templates?: {
                body: string;
                path: string;
            }[];
        };
        PatternSave: {
            active?: boolean;
            /** @description The vers_no the change was edited from (or an If-Match header) */
            base_version?: number;
            constraints?: components["schemas"]["PatternConstraint"][];
            deleted?: boolean;
            /** @default [] */
            deployments: {
                /** @default {} */
                config: {
                    [key: string]: unknown;
                };
                /** @enum {string} */
                kind: "directory" | "sql";
                name: string;
            }[];
            description?: string | null;
            disabled?: boolean;
            functional_roles?: {
                cardinality_max?: string | number;
                cardinality_min?: string | number;
                class?: string | null;
                disabled?: boolean;
                domain?: string | null;
                merge_strategy?: string | null;
                name: string;
                pos_no?: number;
                readonly?: boolean;
            }[];
            instance_name_pattern?: string | null;
            name: string;
            /** @default [] */
            properties: {
                /** @enum {string} */
                datatype?: "string" | "integer" | "number" | "boolean" | "date" | "reference";
                description?: string | null;
                format?: string | null;
                name: string;
                pos_no?: number;
                references?: string[];
                required?: boolean;
            }[];
            release_group?: string | null;
            /** @default [] */
            snippets: {
                body: string;
                name: string;
            }[];
            status?: string;
            /** @default [] */
            templates: {
                body: string;
                path: string;
            }[];
            type?: string;
            variables?: {
                default?: string | number | boolean | null;
                description?: string | null;
                name: string;
            }[];
        };
        PatternSaveResult: {
            dry_run: boolean;
            impact?: components["schemas"]["LineageImpact"];
            invalid_instances: number;
            invalid_total: number;
            pattern: components["schemas"]["Pattern"];
            version: number;
        };
        PatternTemplate: {
            /** @description LiquidJS template of the file's content */
            body: string;
            id: number;
            /** @description LiquidJS template of the rendered file's path */
            path: string;
            pattern_id: number;
            pos_no: number;
        };
        PatternVariable: {
            /** @description Folder path */
            instance_folder: string | null;
            instance_folder_id: number | null;
            instance_id: number | null;
            /** @enum {string} */
            level: "default" | "project" | "instance_folder" | "instance";
            name: string;
            pattern_id: number;
            pattern_variable_id: number;
            project_id: number | null;
            value: string | null;
        };
        PatternVariableDefinition: {
            default_value: string | null;
            description: string | null;
            id: number;
            name: string;
            pattern_id: number;
        };
        PatternVersionDetail: {
            created_at: string;
            definition: components["schemas"]["PatternDefinition"];
            /** @description E-mail of who saved it */
            user: string | null;
            version: number;
        };
        PatternVersionEntry: {
            created_at: string;
            /** @description E-mail of who saved it */
            user: string | null;
            version: number;
        };
        PreviewError: {
            column: number | null;
            line: number | null;
            message: string;
            template: string;
        };
        Project: {
            deleted: boolean;
            disabled: boolean;
            id: number;
            name: string;
        };
        ReferenceCandidates: {
            items: {
                folder: string;
                id: number;
                name: string;
                pattern: string;
                text: string;
            }[];
        };
        Release: {
            id: number;
            name: string;
            release_group_id: number;
        };
        ReleaseGroup: {
            customer_id: number;
            id: number;
            name: string;
        };
        Script: {
            body: string;
            folder: string;
            id: number;
            name: string;
            project_id: number;
            updated_at: string;
            /** @description E-mail of who saved the current version */
            updated_by: string | null;
            /** @description The current version: the next save's base_version */
            vers_no: number;
        };
        ScriptFolder: {
            id: number;
            path: string;
        };
        ScriptFolderMoved: {
            folder: components["schemas"]["ScriptFolder"];
            folders: number;
            from: string;
            scripts: number;
        };
        ScriptRun: {
            error: string | null;
            id: string;
            project_id: number;
            row_count: number;
            runtime: number;
            /** @description The saved script it ran from (docs/metadata-scripts.md), else null */
            script_id: number | null;
            /** @description That script's saved version when it ran */
            script_version: number | null;
            start_time: number;
            statement: string;
            /** @enum {string} */
            status: "FINISHED" | "ERROR";
            type: string | null;
            /** @description E-mail of who ran it */
            user: string | null;
        };
        ScriptSummary: {
            folder: string;
            id: number;
            name: string;
            project_id: number;
            updated_at: string;
            /** @description E-mail of who saved the current version */
            updated_by: string | null;
            /** @description The current version: the next save's base_version */
            vers_no: number;
        };
        ScriptTree: {
            folders: components["schemas"]["ScriptFolder"][];
            scripts: components["schemas"]["ScriptSummary"][];
        };
        ScriptVersion: {
            at: string;
            folder: string;
            name: string;
            /** @description E-mail of who saved it */
            user: string | null;
            vers_no: number;
        };
        ScriptVersionWithBody: {
            at: string;
            body: string;
            folder: string;
            name: string;
            /** @description E-mail of who saved it */
            user: string | null;
            vers_no: number;
        };
        SearchHit: {
            detail: string;
            /** @enum {string} */
            kind: "instance" | "folder" | "pattern" | "build" | "sql";
            label: string;
            path: string;
        };
        SearchResult: {
            hits: components["schemas"]["SearchHit"][];
        };
        SignInMethods: {
            local_passwords: boolean;
            single_sign_on: {
                /** @description Shown as “Sign in with <name>” */
                name: string;
                /** @description Where the browser goes to start, base path included */
                start_path: string;
            } | null;
        };
        TableLoadForm: {
            /**
             * Format: binary
             * @description The .csv or .xlsx file
             */
            file: string;
        };
        TableLoadResult: {
            columns: {
                /** @enum {string} */
                datatype: "integer" | "number" | "boolean" | "date" | "string";
                name: string;
            }[];
            dry_run: boolean;
            /** @enum {string} */
            mode: "create" | "replace" | "append";
            /** @description The first rows as stored (at most 20) */
            preview: {
                [key: string]: string | number | null;
            }[];
            /** @description Rows read from the file (and written, unless a dry run) */
            rows_loaded: number;
            /** @description Rows the table holds afterwards */
            rows_total: number;
            /** @description The table's name as stored */
            table: string;
        };
        UploadedInstance: {
            folder: string;
            id: number | null;
            name: string;
            pattern: string;
            reason?: string;
            release: string | null;
            /** @enum {string} */
            status: "INSERTED" | "UPDATED" | "SKIPPED";
        };
        VariableCascade: {
            default_value: string | null;
            name: string;
            nodes: components["schemas"]["CascadeNode"][];
            pattern_id: number;
            pattern_name: string;
            project_id: number;
            project_name: string;
            variable_id: number;
        };
    };
    responses: {
        /** @description Bad input: the message names the field */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "name": "BadRequest",
                 *       "message": "'statement' is required",
                 *       "code": 400,
                 *       "className": "bad-request"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request conflicts with the current state (e.g. the record changed since its base version, or already exists) */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "name": "Conflict",
                 *       "message": "Build 42 has already ended (FINISHED)",
                 *       "code": 409,
                 *       "className": "conflict"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing permission, or a state-changing request with the session cookie from another origin */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "name": "Forbidden",
                 *       "message": "You don't have permissions to access this project!",
                 *       "code": 403,
                 *       "className": "forbidden"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description This endpoint does not support the method */
        MethodNotAllowed: {
            headers: {
                /** @description The methods the path supports, e.g. `GET` */
                Allow?: string;
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "name": "MethodNotAllowed",
                 *       "message": "Method `patch` is not supported by this endpoint.",
                 *       "code": 405,
                 *       "className": "method-not-allowed"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No valid token or session cookie (sign-in: `Invalid login`) */
        NotAuthenticated: {
            headers: {
                /** @description The accepted scheme: `Bearer` */
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "name": "NotAuthenticated",
                 *       "message": "Not authenticated",
                 *       "code": 401,
                 *       "className": "not-authenticated"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The record, or one the request names, does not exist (or is not visible) */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "name": "NotFound",
                 *       "message": "No record found for id '42'",
                 *       "code": 404,
                 *       "className": "not-found"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is larger than allowed (METABUILD_BODY_MAX_BYTES for JSON bodies) */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "name": "PayloadTooLarge",
                 *       "message": "The request body exceeds 10485760 bytes",
                 *       "code": 413,
                 *       "className": "payload-too-large"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description This server process cannot answer as set up, e.g. its data folder is not shared (docs/scale-out.md) */
        ServiceUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "name": "ServiceUnavailable",
                 *       "message": "The archive of download 42 is not in this process's data folder: every server process of one store must share METABUILD_DATA_DIR (docs/scale-out.md)",
                 *       "code": 503,
                 *       "className": "service-unavailable"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests for now: wait as `Retry-After` says */
        TooManyRequests: {
            headers: {
                /** @description Seconds to wait before trying again */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "name": "TooManyRequests",
                 *       "message": "Too many failed sign-ins; try again later",
                 *       "code": 429,
                 *       "className": "too-many-requests"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body was not sent as JSON */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "name": "UnsupportedMediaType",
                 *       "message": "The request body must be sent as 'Content-Type: application/json', not 'text/plain'",
                 *       "code": 415,
                 *       "className": "unsupported-media-type"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getApiAgentsWs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            101: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthentication: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AuthenticationRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthenticationResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteAuthentication: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthenticationResult"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
        };
    };
    getAuthenticationMethods: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInMethods"];
                };
            };
        };
    };
    getAuthenticationOidcCallback: {
        parameters: {
            query?: {
                code?: string;
                error?: string;
                error_description?: string;
                state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getAuthenticationOidcStart: {
        parameters: {
            query?: {
                next?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putApiConsoleAdminCustomerGrants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    granted: boolean;
                    /** @enum {string} */
                    permission: "develop_patterns";
                    user_id: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        granted: boolean;
                        /** @enum {string} */
                        permission: "develop_patterns";
                        user_id: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiConsoleAdminGrants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminGrantMatrix"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
        };
    };
    putApiConsoleAdminGrants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    granted: boolean;
                    /** @enum {string} */
                    permission: "access" | "write_instances" | "read_builds" | "write_builds";
                    project_id: number;
                    user_id: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        granted: boolean;
                        /** @enum {string} */
                        permission: "access" | "write_instances" | "read_builds" | "write_builds";
                        project_id: number;
                        user_id: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiConsoleAdminUsers: {
        parameters: {
            query?: {
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminUserList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiConsoleAdminUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default false */
                    admin?: boolean;
                    /** Format: email */
                    email: string;
                    name?: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminUserWithPassword"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    patchApiConsoleAdminUsersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    admin?: boolean;
                    disabled?: boolean;
                    name?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminUser"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    postApiConsoleAdminUsersIdPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminUserWithPassword"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    postApiConsoleAgents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The agent group; created when missing */
                    group: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentRegistered"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiConsoleAudit: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                action?: string;
                from?: string;
                project_id?: string | number;
                q?: string;
                target_id?: string;
                target_kind?: string;
                to?: string;
                user_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiConsoleBuildDeploymentsIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BuildDeployment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    postApiConsoleBuildsIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Build"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    getApiConsoleBuildsIdDiff: {
        parameters: {
            query: {
                against: string | number;
            };
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BuildDiff"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApiConsoleBuildsIdFile: {
        parameters: {
            query: {
                path: string;
                pattern: string;
            };
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApiConsoleBuildsIdFiles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BuildFile"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApiConsoleBuildsIdSelection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BuildSelection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiConsoleBundles: {
        parameters: {
            query?: {
                dry_run?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/yaml": {
                    /** @default [] */
                    agent_groups?: {
                        /** @default [] */
                        agents?: {
                            agent_id?: string;
                            disabled?: boolean;
                            name: string;
                            secret?: string;
                            secret_hash?: string;
                        }[];
                        description?: string | null;
                        name: string;
                    }[];
                    customer?: string;
                    customers?: {
                        /** @default [] */
                        agent_groups?: {
                            /** @default [] */
                            agents?: {
                                agent_id?: string;
                                disabled?: boolean;
                                name: string;
                                secret?: string;
                                secret_hash?: string;
                            }[];
                            description?: string | null;
                            name: string;
                        }[];
                        customer: string;
                        patterns?: {
                            active?: boolean;
                            constraints?: components["schemas"]["PatternConstraint"][];
                            deleted?: boolean;
                            /** @default [] */
                            deployments?: {
                                /** @default {} */
                                config?: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                kind: "directory" | "sql";
                                name: string;
                            }[];
                            description?: string | null;
                            disabled?: boolean;
                            functional_roles?: {
                                cardinality_max?: string | number;
                                cardinality_min?: string | number;
                                class?: string | null;
                                disabled?: boolean;
                                domain?: string | null;
                                merge_strategy?: string | null;
                                name: string;
                                pos_no?: number;
                                readonly?: boolean;
                            }[];
                            instance_name_pattern?: string | null;
                            name: string;
                            /** @default [] */
                            properties?: {
                                /** @enum {string} */
                                datatype?: "string" | "integer" | "number" | "boolean" | "date" | "reference";
                                description?: string | null;
                                format?: string | null;
                                name: string;
                                pos_no?: number;
                                references?: string[];
                                required?: boolean;
                            }[];
                            release_group?: string | null;
                            /** @default [] */
                            snippets?: {
                                body: string;
                                name: string;
                            }[];
                            status?: string;
                            /** @default [] */
                            templates?: {
                                body: string;
                                path: string;
                            }[];
                            type?: string;
                            variables?: {
                                default?: string | number | boolean | null;
                                description?: string | null;
                                name: string;
                            }[];
                            vers_no?: string | number;
                        }[];
                        projects?: {
                            deleted?: boolean;
                            disabled?: boolean;
                            folders?: {
                                path: string;
                                variables?: {
                                    name: string;
                                    pattern: string;
                                    value: string | number | boolean | null;
                                }[];
                            }[];
                            instances?: {
                                checked_out_by?: string | null;
                                description?: string | null;
                                flags?: {
                                    build_disabled?: boolean;
                                    deleted?: boolean;
                                    edit_disabled?: boolean;
                                    insert_disabled?: boolean;
                                    upload_disabled?: boolean;
                                };
                                /** @default / */
                                folder?: string;
                                labels?: string[];
                                name: string;
                                pattern: string;
                                release?: string | null;
                                rows?: {
                                    [key: string]: string | number | boolean | null;
                                }[];
                                variables?: {
                                    name: string;
                                    value: string | number | boolean | null;
                                }[];
                            }[];
                            name: string;
                            /** @default [] */
                            scripts?: {
                                /** @default  */
                                body?: string;
                                /** @default / */
                                folder?: string;
                                name: string;
                            }[];
                            tables?: {
                                /** @default [] */
                                columns?: {
                                    /** @default string */
                                    datatype?: string;
                                    name: string;
                                }[];
                                name: string;
                                rows?: {
                                    [key: string]: string | number | boolean | null;
                                }[];
                            }[];
                            variables?: {
                                name: string;
                                pattern: string;
                                value: string | number | boolean | null;
                            }[];
                            /** @default [] */
                            views?: {
                                definition: string;
                                name: string;
                            }[];
                        }[];
                        /** @default [] */
                        release_groups?: {
                            name: string;
                            /** @default [] */
                            releases?: string[];
                        }[];
                        /** @default [] */
                        users?: {
                            admin?: boolean;
                            disabled?: boolean;
                            email: string;
                            /** @default [] */
                            grants?: {
                                permissions: ("access" | "write_instances" | "read_builds" | "write_builds")[];
                                project: string;
                            }[];
                            name?: string | null;
                            password?: string;
                            password_hash?: string;
                        }[];
                    }[];
                    patterns?: {
                        active?: boolean;
                        constraints?: components["schemas"]["PatternConstraint"][];
                        deleted?: boolean;
                        /** @default [] */
                        deployments?: {
                            /** @default {} */
                            config?: {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            kind: "directory" | "sql";
                            name: string;
                        }[];
                        description?: string | null;
                        disabled?: boolean;
                        functional_roles?: {
                            cardinality_max?: string | number;
                            cardinality_min?: string | number;
                            class?: string | null;
                            disabled?: boolean;
                            domain?: string | null;
                            merge_strategy?: string | null;
                            name: string;
                            pos_no?: number;
                            readonly?: boolean;
                        }[];
                        instance_name_pattern?: string | null;
                        name: string;
                        /** @default [] */
                        properties?: {
                            /** @enum {string} */
                            datatype?: "string" | "integer" | "number" | "boolean" | "date" | "reference";
                            description?: string | null;
                            format?: string | null;
                            name: string;
                            pos_no?: number;
                            references?: string[];
                            required?: boolean;
                        }[];
                        release_group?: string | null;
                        /** @default [] */
                        snippets?: {
                            body: string;
                            name: string;
                        }[];
                        status?: string;
                        /** @default [] */
                        templates?: {
                            body: string;
                            path: string;
                        }[];
                        type?: string;
                        variables?: {
                            default?: string | number | boolean | null;
                            description?: string | null;
                            name: string;
                        }[];
                        vers_no?: string | number;
                    }[];
                    projects?: {
                        deleted?: boolean;
                        disabled?: boolean;
                        folders?: {
                            path: string;
                            variables?: {
                                name: string;
                                pattern: string;
                                value: string | number | boolean | null;
                            }[];
                        }[];
                        instances?: {
                            checked_out_by?: string | null;
                            description?: string | null;
                            flags?: {
                                build_disabled?: boolean;
                                deleted?: boolean;
                                edit_disabled?: boolean;
                                insert_disabled?: boolean;
                                upload_disabled?: boolean;
                            };
                            /** @default / */
                            folder?: string;
                            labels?: string[];
                            name: string;
                            pattern: string;
                            release?: string | null;
                            rows?: {
                                [key: string]: string | number | boolean | null;
                            }[];
                            variables?: {
                                name: string;
                                value: string | number | boolean | null;
                            }[];
                        }[];
                        name: string;
                        /** @default [] */
                        scripts?: {
                            /** @default  */
                            body?: string;
                            /** @default / */
                            folder?: string;
                            name: string;
                        }[];
                        tables?: {
                            /** @default [] */
                            columns?: {
                                /** @default string */
                                datatype?: string;
                                name: string;
                            }[];
                            name: string;
                            rows?: {
                                [key: string]: string | number | boolean | null;
                            }[];
                        }[];
                        variables?: {
                            name: string;
                            pattern: string;
                            value: string | number | boolean | null;
                        }[];
                        /** @default [] */
                        views?: {
                            definition: string;
                            name: string;
                        }[];
                    }[];
                    /** @default [] */
                    release_groups?: {
                        name: string;
                        /** @default [] */
                        releases?: string[];
                    }[];
                    /** @default [] */
                    users?: {
                        admin?: boolean;
                        disabled?: boolean;
                        email: string;
                        /** @default [] */
                        grants?: {
                            permissions: ("access" | "write_instances" | "read_builds" | "write_builds")[];
                            project: string;
                        }[];
                        name?: string | null;
                        password?: string;
                        password_hash?: string;
                    }[];
                    /** @constant */
                    version: 1;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BundlePlan"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiConsoleBundlesExport: {
        parameters: {
            query?: {
                project?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/yaml": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiConsoleDeploymentPlans: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                build_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentPlan"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiConsoleDeploymentPlans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeploymentPlanCreate"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentPlan"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiConsoleDeploymentPlansId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentPlan"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiConsoleDeploymentPlansIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentPlan"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    getApiConsoleEvents: {
        parameters: {
            query?: {
                /** @example 1 */
                build_id?: (string | number) | (string | number)[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiConsoleFolders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The folder's path, e.g. `/raw/crm` */
                    path: string;
                    project?: string;
                    project_id?: string | number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceFolder"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteApiConsoleFolders: {
        parameters: {
            query: {
                path: string;
                project?: string;
                project_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceFolder"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    patchApiConsoleFolders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Commit message of the moved instances' versions */
                    message?: string;
                    /** @description The folder's full path afterwards: a rename changes the last segment, a move the rest */
                    new_path: string;
                    /** @description The folder's path, e.g. `/raw/crm` */
                    path: string;
                    project?: string;
                    project_id?: string | number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FolderMoved"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    postApiConsoleInstances: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    folder: string;
                    name: string;
                    pattern_id: number;
                    project_id: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceEditing"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    patchApiConsoleInstancesId: {
        parameters: {
            query?: {
                dry_run?: "true" | "false";
            };
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    base_version?: number;
                    description?: string | null;
                    flags?: {
                        build_disabled?: boolean;
                        deleted?: boolean;
                        edit_disabled?: boolean;
                        insert_disabled?: boolean;
                        upload_disabled?: boolean;
                    };
                    force?: boolean;
                    labels?: string[];
                    message?: string;
                    release?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceEditing"] | components["schemas"]["LineageImpact"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    postApiConsoleInstancesIdCheckin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    base_version?: number;
                    message?: string;
                    rows?: {
                        [key: string]: string | number | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceEditing"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    postApiConsoleInstancesIdCheckout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceEditing"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiConsoleInstancesIdCopy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    folder: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceEditing"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiConsoleInstancesIdEditing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceEditing"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiConsoleInstancesIdReferenceCandidates: {
        parameters: {
            query: {
                column: string;
                q?: string;
            };
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReferenceCandidates"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    putApiConsoleInstancesIdRows: {
        parameters: {
            query?: {
                dry_run?: "true" | "false";
            };
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    base_version?: number;
                    message?: string;
                    rows: {
                        [key: string]: string | number | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceSaveOutcome"] | components["schemas"]["LineageImpact"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    postApiConsoleInstancesIdValidate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    base_version?: number;
                    message?: string;
                    rows: {
                        [key: string]: string | number | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceRowsCheck"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiConsoleInstancesIdVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["InstanceVersion"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiConsoleInstancesIdVersionsVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
                version: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceVersionRows"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiConsoleInstancesIdVersionsVersionRestore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
                version: string | number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    base_version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceEditing"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    postApiConsoleInstancesBulk: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    base_versions: {
                        [key: string]: number;
                    };
                    flags?: {
                        build_disabled?: boolean;
                        deleted?: boolean;
                        edit_disabled?: boolean;
                        insert_disabled?: boolean;
                        upload_disabled?: boolean;
                    };
                    force?: boolean;
                    ids: number[];
                    labels_add?: string[];
                    labels_remove?: string[];
                    message?: string;
                    project_id: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceBulkOutcome"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiConsoleInstancesExport: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                build_disabled?: "true" | "false";
                checked_out?: "true" | "false";
                checked_out_by_user?: string;
                checked_out_by_user_id?: string | number;
                deleted?: "true" | "false";
                edit_disabled?: "true" | "false";
                folder?: string;
                /**
                 * @example [
                 *       1
                 *     ]
                 */
                ids?: string | string[] | {
                    [key: string]: string;
                };
                insert_disabled?: "true" | "false";
                invalid?: "true" | "false";
                /**
                 * @example [
                 *       "reference"
                 *     ]
                 */
                labels?: string | string[] | {
                    [key: string]: string;
                };
                name?: string;
                pattern?: string;
                pattern_id?: string | number;
                project?: string;
                project_id?: string | number;
                /**
                 * @example {
                 *       "core": "R1"
                 *     }
                 */
                releases?: string | {
                    [key: string]: string;
                };
                subfolders?: "true" | "false";
                upload_disabled?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiConsoleInstancesInvalidNames: {
        parameters: {
            query?: {
                project?: string;
                project_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidInstanceNames"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiConsoleMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
        };
    };
    postApiConsoleMePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description Success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiConsoleMetadataHistory: {
        parameters: {
            query?: {
                $limit?: string | number;
                project?: string;
                project_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataExecution"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiConsoleMetadataRun: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MetadataRunRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataRunResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getApiConsoleMetadataSchema: {
        parameters: {
            query?: {
                project?: string;
                project_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataSchema"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiConsoleMetadataScripts: {
        parameters: {
            query?: {
                project?: string;
                project_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScriptTree"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiConsoleMetadataScripts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The script's SQL text (statements of the dialect separated by `;`) */
                    body?: string;
                    /** @description Default `/`; missing folders are created */
                    folder?: string;
                    name: string;
                    project?: string;
                    project_id?: string | number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Script"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiConsoleMetadataScriptsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Script"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteApiConsoleMetadataScriptsId: {
        parameters: {
            query?: {
                base_version?: string | number;
            };
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Script"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    patchApiConsoleMetadataScriptsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    base_version?: number;
                    /** @description The script's SQL text (statements of the dialect separated by `;`) */
                    body?: string;
                    /** @description A folder path such as `/staging/hubs`; `/` is the root */
                    folder?: string;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Script"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiConsoleMetadataScriptsIdRuns: {
        parameters: {
            query?: {
                $limit?: string | number;
            };
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScriptRun"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiConsoleMetadataScriptsIdVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScriptVersion"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiConsoleMetadataScriptsIdVersionsVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
                version: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScriptVersionWithBody"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiConsoleMetadataScriptsFolders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A folder path such as `/staging/hubs`; `/` is the root */
                    path: string;
                    project?: string;
                    project_id?: string | number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScriptFolder"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteApiConsoleMetadataScriptsFolders: {
        parameters: {
            query: {
                path: string;
                project?: string;
                project_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScriptFolder"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    patchApiConsoleMetadataScriptsFolders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The folder's full path afterwards */
                    new_path: string;
                    /** @description A folder path such as `/staging/hubs`; `/` is the root */
                    path: string;
                    project?: string;
                    project_id?: string | number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScriptFolderMoved"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    postApiConsoleMetadataTablesNameLoad: {
        parameters: {
            query?: {
                delimiter?: "," | ";" | "tab" | "|";
                dry_run?: "true" | "false";
                format?: "csv" | "xlsx";
                mode?: "create" | "replace" | "append";
                project?: string;
                project_id?: string | number;
                sheet?: string;
                types?: string;
            };
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["TableLoadForm"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TableLoadResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    postApiConsolePatterns: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PatternDefinitionInput"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatternAuthoring"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiConsolePatternsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatternAuthoring"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    putApiConsolePatternsId: {
        parameters: {
            query?: {
                dry_run?: "true" | "false";
            };
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PatternSave"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatternSaveResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    postApiConsolePatternsIdPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PatternPreviewRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatternPreview"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiConsolePatternsIdTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatternTemplate"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiConsolePatternsIdVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PatternVersionEntry"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiConsolePatternsIdVersionsVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
                version: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatternVersionDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiConsoleProjects: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    patchApiConsoleProjectsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    disabled?: boolean;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiConsoleSearch: {
        parameters: {
            query: {
                limit?: string | number;
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiConsoleTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiTokenList"];
                };
            };
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
        };
    };
    postApiConsoleTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    expires_in_days: number;
                    name: string;
                    permissions: ("access" | "write_instances" | "read_builds" | "write_builds" | "develop_patterns")[];
                    /** @description The project's name: the token reaches only it */
                    project: string;
                    /** @default false */
                    service_account?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiTokenCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteApiConsoleTokensId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    putApiConsoleVariableValues: {
        parameters: {
            query?: {
                dry_run?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Folder path such as `/raw/crm` */
                    folder?: string;
                    instance_id?: string | number;
                    pattern?: string;
                    pattern_id?: string | number;
                    project?: string;
                    project_id?: string | number;
                    value: string;
                    variable: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatternVariable"] | components["schemas"]["LineageImpact"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteApiConsoleVariableValues: {
        parameters: {
            query: {
                folder?: string;
                instance_id?: string | number;
                pattern?: string;
                pattern_id?: string | number;
                project?: string;
                project_id?: string | number;
                variable: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatternVariable"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiConsoleVariablesCascade: {
        parameters: {
            query: {
                name: string;
                pattern_id: string | number;
                project_id: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VariableCascade"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        commit: string;
                        /** @constant */
                        status: "ok";
                        version: string;
                    };
                };
            };
        };
    };
    getHealthReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            /** @enum {string} */
                            store: "ok" | "failed";
                            /** @enum {string} */
                            workers: "ok" | "failed";
                        };
                        /** @enum {string} */
                        status: "ok" | "unavailable";
                    };
                };
            };
            /** @description Not ready: `status` is `unavailable` and `checks` names what failed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            /** @enum {string} */
                            store: "ok" | "failed";
                            /** @enum {string} */
                            workers: "ok" | "failed";
                        };
                        /** @enum {string} */
                        status: "ok" | "unavailable";
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            401: components["responses"]["NotAuthenticated"];
        };
    };
    getApiV1AgentGroups: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentGroup"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1AgentGroupsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentGroup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1Agents: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                agent_id?: string;
                group?: string;
                group_id?: string | number;
                name?: string;
                online?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1AgentsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1BuildDeployments: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                build_id?: string | number;
                deployment?: string;
                deployment_id?: string | number;
                pattern?: string;
                pattern_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BuildDeployment"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiV1BuildDeployments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BuildDeploymentCreate"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BuildDeployment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiV1BuildDeploymentsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BuildDeployment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1Builds: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                created_from?: string;
                created_to?: string;
                pattern?: string;
                pattern_id?: string | number;
                project?: string;
                project_id?: string | number;
                /**
                 * @example {
                 *       "core": "R1"
                 *     }
                 */
                releases?: string | {
                    [key: string]: string;
                };
                status?: "BUILDING" | "FINISHED" | "FAILED" | "CANCELED";
                user?: string;
                user_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Build"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiV1Builds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BuildCreateRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BuildCreateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiV1BuildsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Build"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1Deployments: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                name?: string;
                pattern?: string;
                pattern_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deployment"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1DeploymentsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deployment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1Downloads: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                build_id?: string | number;
                pattern?: string;
                pattern_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Download"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1DownloadsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApiV1FunctionalRoles: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                pattern?: string;
                pattern_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FunctionalRole"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1FunctionalRolesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FunctionalRole"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1HarvestSchedules: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                project?: string;
                project_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HarvestSchedule"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiV1HarvestSchedules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HarvestScheduleCreate"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HarvestSchedule"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiV1HarvestSchedulesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HarvestSchedule"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteApiV1HarvestSchedulesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HarvestSchedule"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1HarvestSources: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HarvestSource"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1Harvests: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                project?: string;
                project_id?: string | number;
                schedule_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HarvestRun"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiV1Harvests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HarvestCreate"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HarvestRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getApiV1HarvestsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HarvestRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1InstanceFolders: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                name?: string;
                parent_id?: string | number;
                path?: string;
                project?: string;
                project_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceFolder"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1InstanceFoldersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceFolder"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1InstanceProperties: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                pattern?: string;
                pattern_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceProperty"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1InstancePropertiesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceProperty"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1Instances: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                build_disabled?: "true" | "false";
                checked_out?: "true" | "false";
                checked_out_by_user?: string;
                checked_out_by_user_id?: string | number;
                deleted?: "true" | "false";
                edit_disabled?: "true" | "false";
                folder?: string;
                insert_disabled?: "true" | "false";
                invalid?: "true" | "false";
                /**
                 * @example [
                 *       "reference"
                 *     ]
                 */
                labels?: string | string[] | {
                    [key: string]: string;
                };
                name?: string;
                pattern?: string;
                pattern_id?: string | number;
                project?: string;
                project_id?: string | number;
                /**
                 * @example {
                 *       "core": "R1"
                 *     }
                 */
                releases?: string | {
                    [key: string]: string;
                };
                subfolders?: "true" | "false";
                upload_disabled?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceListItem"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiV1Instances: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["InstanceUploadForm"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceUploadResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getApiV1InstancesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1Labels: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                name?: string;
                project?: string;
                project_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Label"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1LabelsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Label"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1Lineage: {
        parameters: {
            query?: {
                depth?: string | number;
                direction?: "upstream" | "downstream" | "both";
                instance_id?: string | number;
                project?: string;
                project_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LineageGraph"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiV1Metadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MetadataRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getApiV1PatternVariables: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                instance?: string;
                instance_folder?: string;
                instance_folder_id?: string | number;
                instance_id?: string | number;
                name?: string;
                pattern?: string;
                pattern_id?: string | number;
                project?: string;
                project_id?: string | number;
                value?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatternVariable"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1PatternVariablesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PatternVariableDefinition"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1Patterns: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pattern"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1PatternsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pattern"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1Projects: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1ProjectsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1ReleaseGroups: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseGroup"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1ReleaseGroupsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseGroup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1Releases: {
        parameters: {
            query?: {
                $limit?: string | number;
                $skip?: string | number;
                /**
                 * @example {
                 *       "id": "1"
                 *     }
                 */
                $sort?: {
                    [key: string]: "1" | "-1";
                };
                name?: string;
                release_group?: string;
                release_group_id?: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Number of matching entries before $skip and $limit */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Release"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiV1ReleasesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Release"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["NotAuthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
}
