import { z } from "zod";
import {
  CONSTRAINT_LIMITS,
  type PatternConstraint as ConstraintType,
  PREDICATE_TESTS,
} from "./pattern-constraint-types.ts";

export {
  CONSTRAINT_KINDS,
  CONSTRAINT_LIMITS,
  type CellPredicate as CellPredicateType,
  type ConstraintKind,
  PREDICATE_TESTS,
  type PredicateTest,
} from "./pattern-constraint-types.ts";

const column = z.string().min(1);
const message = z.string().max(CONSTRAINT_LIMITS.messageLength).optional();
const valueList = z.array(z.string()).min(1).max(CONSTRAINT_LIMITS.values);
const regex = z.string().min(1).max(CONSTRAINT_LIMITS.patternLength);

export const CellPredicate = z.strictObject({
  column,
  test: z.enum(PREDICATE_TESTS),
  value: z.string().optional(),
  values: valueList.optional(),
});

/** A rule a pattern states beyond datatype and cardinality (docs/pattern-constraints.md). */
export const PatternConstraint = z
  .discriminatedUnion("kind", [
    z.strictObject({
      kind: z.literal("unique"),
      column,
      ignore_case: z.boolean().optional(),
      message,
    }),
    z.strictObject({ kind: z.literal("one_of"), column, values: valueList, message }),
    z.strictObject({ kind: z.literal("regex"), column, pattern: regex, message }),
    z.strictObject({
      kind: z.literal("condition"),
      when: CellPredicate,
      require: CellPredicate,
      message,
    }),
  ])
  .meta({ id: "PatternConstraint" });

export const PatternConstraints = z.array(PatternConstraint).max(CONSTRAINT_LIMITS.perPattern);

export type PatternConstraint = ConstraintType;

// The plain type and the schema's type must stay the same shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _same: Same<z.infer<typeof PatternConstraint>, ConstraintType> = true;
void _same;
