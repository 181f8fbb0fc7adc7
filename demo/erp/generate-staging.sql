-- Generates the demo's staging (STG) instances from the harvested ERP catalog
-- (docs/harvesting.md "The demo source"). Run it in project DWH after
-- harvesting the demo agent's source `erp` (tables @TABLES.ERP_TABLES,
-- ERP_COLUMNS, ERP_KEYS, ERP_FOREIGN_KEYS): one STG instance per ERP table,
-- in folder /erp/source, named ERP_<TABLE>, one row per column.

-- One row per column of every harvested table, mapped to STG's properties:
-- the SQLite type family, NOT NULL, length, primary key columns as
-- BUSINESS_KEY and a `changed_at` column as the DELTA_COLUMN.
DROP VIEW IF EXISTS @TABLES.ERP_STAGING;
CREATE VIEW @TABLES.ERP_STAGING AS
SELECT
  '/erp/source' AS FOLDER,
  'ERP_' || UPPER(c.TABLE_NAME) AS INSTANCE,
  c.POSITION AS POS_NO,
  UPPER(c.COLUMN_NAME) AS COLUMN_NAME,
  CASE
    WHEN UPPER(c.DATA_TYPE) LIKE 'INT%' THEN 'INTEGER'
    WHEN UPPER(c.DATA_TYPE) LIKE 'DECIMAL%' OR UPPER(c.DATA_TYPE) LIKE 'NUMERIC%' THEN 'NUMERIC'
    WHEN UPPER(c.DATA_TYPE) IN ('REAL', 'FLOAT', 'DOUBLE') THEN 'REAL'
    WHEN UPPER(c.DATA_TYPE) = 'DATE' THEN 'DATE'
    ELSE 'TEXT'
  END AS DATA_TYPE,
  CASE WHEN c.NULLABLE = 1 THEN 'true' ELSE 'false' END AS NULLABLE,
  c.LENGTH AS LENGTH,
  'ERP ' || c.TABLE_NAME || '.' || c.COLUMN_NAME AS DESCRIPTION,
  CASE WHEN k.COLUMN_NAME IS NOT NULL THEN 'X' END AS BUSINESS_KEY,
  CASE WHEN LOWER(c.COLUMN_NAME) = 'changed_at' THEN 'X' END AS DELTA_COLUMN
FROM @TABLES.ERP_COLUMNS c
JOIN @TABLES.ERP_TABLES t ON t.TABLE_NAME = c.TABLE_NAME AND t.TABLE_TYPE = 'TABLE'
LEFT JOIN @TABLES.ERP_KEYS k ON k.TABLE_NAME = c.TABLE_NAME AND k.COLUMN_NAME = c.COLUMN_NAME;

-- Creates each instance, or replaces its rows as a new version when it exists.
INSERT INTO @INSTANCES.STG
  ("@FOLDER", "@INSTANCE", "@POS_NO", COLUMN_NAME, DATA_TYPE, NULLABLE, LENGTH, DESCRIPTION,
   BUSINESS_KEY, DELTA_COLUMN)
SELECT FOLDER, INSTANCE, POS_NO, COLUMN_NAME, DATA_TYPE, NULLABLE, LENGTH, DESCRIPTION,
  BUSINESS_KEY, DELTA_COLUMN
FROM @TABLES.ERP_STAGING
ORDER BY INSTANCE, POS_NO;
