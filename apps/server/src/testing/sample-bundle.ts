import bcrypt from "bcryptjs";

/** The sample bundle of bundle.test.ts: one customer with users, patterns, projects and agents. */

// Hashing at cost 10 is slow on purpose; one user of the fixture gives a ready hash.
export const BOSS_HASH = bcrypt.hashSync("s3cret-boss", 4);

export const BUNDLE = `
version: 1
customers:
  - customer: Acme
    release_groups:
      - { name: core, releases: [R1, R2] }
    users:
      - email: Ann@Acme.test
        password: s3cret-ann
        admin: false
        grants:
          - { project: DWH, permissions: [access, write_instances] }
      - { email: boss@acme.test, password_hash: "${BOSS_HASH}", admin: true }
    patterns:
      - name: HUB
        type: SQLITE
        vers_no: 1.0
        release_group: core
        properties:
          - { name: COLUMN_NAME, datatype: string, required: true }
          - { name: LENGTH, datatype: integer }
        functional_roles:
          - { name: BUSINESS_KEY, cardinality_min: 1, cardinality_max: N }
        variables:
          - { name: TARGET_SCHEMA, default: dwh, description: Prefix of the tables }
        templates:
          - path: "{{ instance.folder }}/{{ instance.name }}.sql"
            body: |
              CREATE TABLE IF NOT EXISTS {{ vars.TARGET_SCHEMA }}_{{ instance.name }} (id INTEGER);
        deployments:
          - { name: to-folder, kind: directory, config: { target: ./out } }
    projects:
      - name: DWH
        variables:
          - { pattern: HUB, name: TARGET_SCHEMA, value: dwh_prod }
        folders:
          - path: /sales
            variables:
              - { pattern: HUB, name: TARGET_SCHEMA, value: sales }
          - path: /empty/leaf
        tables:
          - name: SOURCE_SYSTEMS
            columns: [{ name: CODE, datatype: string }, { name: NAME, datatype: string }]
            rows: [{ CODE: CRM, NAME: CRM system }]
        instances:
          - pattern: HUB
            folder: /sales
            name: CUSTOMER
            description: Customer hub
            release: R1
            labels: [pii]
            flags: { build_disabled: true }
            checked_out_by: ann@acme.test
            variables:
              - { name: TARGET_SCHEMA, value: crm }
            rows:
              - { COLUMN_NAME: CUSTOMER_ID, LENGTH: 10, BUSINESS_KEY: X }
              - { COLUMN_NAME: NAME }
          - pattern: HUB
            folder: /sales/orders
            name: ORDER
            rows:
              - { COLUMN_NAME: ORDER_ID, LENGTH: ten }
    agent_groups:
      - name: local
        agents:
          - { name: runner-1 }
`;
