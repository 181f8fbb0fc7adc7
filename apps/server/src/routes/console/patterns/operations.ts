// Pattern authoring (docs/patterns-authoring.md): writes are for admins only.

