import type { Pattern } from "@metabuild/contract";
import { Badge } from "../../../components/badge.tsx";

/** Active / disabled / deleted, at a glance. */
export function PatternState({ pattern }: { pattern: Pattern }) {
  if (pattern.deleted) return <Badge tone="danger">deleted</Badge>;
  if (pattern.disabled) return <Badge tone="warning">disabled</Badge>;
  if (!pattern.active) return <Badge tone="neutral">inactive</Badge>;
  return <Badge tone="success">active</Badge>;
}
