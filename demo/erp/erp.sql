-- The demo's source system: a small ERP (docs/harvesting.md "The demo source").
-- `pnpm start` with the demo creates data/agent/demo-erp.db from this script
-- when the file is missing; the demo agent's agent.yaml names it as the
-- source `erp`, so the console can harvest its catalog.
CREATE TABLE product_categories (
  category_id INTEGER PRIMARY KEY,
  name VARCHAR(60) NOT NULL,
  parent_id INTEGER REFERENCES product_categories (category_id)
);
CREATE TABLE suppliers (
  supplier_id INTEGER PRIMARY KEY,
  supplier_no VARCHAR(12) NOT NULL UNIQUE,
  name VARCHAR(120) NOT NULL,
  country CHAR(2),
  changed_at TIMESTAMP NOT NULL
);
CREATE TABLE products (
  product_id INTEGER PRIMARY KEY,
  sku VARCHAR(20) NOT NULL UNIQUE,
  name VARCHAR(120) NOT NULL,
  category_id INTEGER NOT NULL REFERENCES product_categories (category_id),
  supplier_id INTEGER REFERENCES suppliers (supplier_id),
  list_price DECIMAL(12,2) NOT NULL,
  changed_at TIMESTAMP NOT NULL
);
CREATE TABLE warehouses (
  warehouse_id INTEGER PRIMARY KEY,
  code VARCHAR(8) NOT NULL UNIQUE,
  city VARCHAR(60)
);
CREATE TABLE stock_levels (
  warehouse_id INTEGER NOT NULL REFERENCES warehouses (warehouse_id),
  product_id INTEGER NOT NULL REFERENCES products (product_id),
  quantity INTEGER NOT NULL,
  counted_at TIMESTAMP NOT NULL,
  PRIMARY KEY (warehouse_id, product_id)
);
CREATE TABLE customers (
  customer_id INTEGER PRIMARY KEY,
  customer_no VARCHAR(12) NOT NULL UNIQUE,
  name VARCHAR(120) NOT NULL,
  segment VARCHAR(10),
  credit_limit DECIMAL(12,2),
  changed_at TIMESTAMP NOT NULL
);
CREATE TABLE customer_addresses (
  customer_id INTEGER NOT NULL REFERENCES customers (customer_id),
  address_type VARCHAR(10) NOT NULL,
  street VARCHAR(120),
  postal_code VARCHAR(10),
  city VARCHAR(60),
  country CHAR(2),
  PRIMARY KEY (customer_id, address_type)
);
CREATE TABLE employees (
  employee_id INTEGER PRIMARY KEY,
  name VARCHAR(120) NOT NULL,
  manager_id INTEGER REFERENCES employees (employee_id)
);
CREATE TABLE orders (
  order_id INTEGER PRIMARY KEY,
  order_no VARCHAR(12) NOT NULL UNIQUE,
  customer_id INTEGER NOT NULL REFERENCES customers (customer_id),
  sales_rep_id INTEGER REFERENCES employees (employee_id),
  order_date DATE NOT NULL,
  status VARCHAR(10) NOT NULL,
  changed_at TIMESTAMP NOT NULL
);
CREATE TABLE order_lines (
  order_id INTEGER NOT NULL REFERENCES orders (order_id),
  line_no INTEGER NOT NULL,
  product_id INTEGER NOT NULL REFERENCES products (product_id),
  quantity INTEGER NOT NULL,
  unit_price DECIMAL(12,2) NOT NULL,
  PRIMARY KEY (order_id, line_no)
);
CREATE TABLE invoices (
  invoice_id INTEGER PRIMARY KEY,
  invoice_no VARCHAR(12) NOT NULL UNIQUE,
  order_id INTEGER NOT NULL REFERENCES orders (order_id),
  invoice_date DATE NOT NULL,
  amount DECIMAL(12,2) NOT NULL,
  changed_at TIMESTAMP NOT NULL
);
CREATE TABLE payments (
  payment_id INTEGER PRIMARY KEY,
  invoice_id INTEGER NOT NULL REFERENCES invoices (invoice_id),
  paid_on DATE NOT NULL,
  amount DECIMAL(12,2) NOT NULL,
  method VARCHAR(12)
);

INSERT INTO product_categories VALUES (1, 'Hardware', NULL), (2, 'Tools', 1), (3, 'Fasteners', 1);
INSERT INTO suppliers VALUES
  (1, 'S-1001', 'Nordic Steel AB', 'SE', '2026-01-10T08:00:00Z'),
  (2, 'S-1002', 'Rhein Werkzeug GmbH', 'DE', '2026-02-03T09:30:00Z');
INSERT INTO products VALUES
  (1, 'HAM-100', 'Claw hammer', 2, 2, 19.90, '2026-03-01T10:00:00Z'),
  (2, 'SCR-4x40', 'Wood screws 4x40 (200)', 3, 1, 7.50, '2026-03-01T10:00:00Z'),
  (3, 'DRL-18V', 'Cordless drill 18V', 2, 2, 129.00, '2026-03-05T11:00:00Z');
INSERT INTO warehouses VALUES (1, 'HAM', 'Hamburg'), (2, 'MUC', 'Munich');
INSERT INTO stock_levels VALUES
  (1, 1, 120, '2026-11-01T06:00:00Z'), (1, 2, 900, '2026-11-01T06:00:00Z'),
  (2, 3, 35, '2026-11-01T06:00:00Z');
INSERT INTO customers VALUES
  (1, 'C-0001', 'Baumarkt Meyer', 'B2B', 50000, '2026-04-01T12:00:00Z'),
  (2, 'C-0002', 'Jana Schulz', 'B2C', NULL, '2026-05-12T15:20:00Z');
INSERT INTO customer_addresses VALUES
  (1, 'BILLING', 'Hafenstr. 1', '20457', 'Hamburg', 'DE'),
  (2, 'SHIPPING', 'Lindenweg 7', '80331', 'Munich', 'DE');
INSERT INTO employees VALUES (1, 'Petra Kluge', NULL), (2, 'Tom Berger', 1);
INSERT INTO orders VALUES
  (1, 'O-2026-001', 1, 2, '2026-11-02', 'SHIPPED', '2026-11-03T08:00:00Z'),
  (2, 'O-2026-002', 2, NULL, '2026-11-20', 'OPEN', '2026-11-20T17:45:00Z');
INSERT INTO order_lines VALUES (1, 1, 1, 10, 17.90), (1, 2, 2, 40, 6.90), (2, 1, 3, 1, 129.00);
INSERT INTO invoices VALUES (1, 'I-2026-001', 1, '2026-11-03', 455.00, '2026-11-03T09:00:00Z');
INSERT INTO payments VALUES (1, 1, '2026-11-15', 455.00, 'TRANSFER');
