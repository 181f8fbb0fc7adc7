import type { ReactNode } from "react";

export type BadgeTone = "danger" | "warning" | "info" | "neutral" | "success";

/** A small coloured tag; `title` explains it on hover and to screen readers. */
export function Badge({
  tone = "neutral",
  title,
  children,
}: {
  tone?: BadgeTone;
  title?: string;
  children: ReactNode;
}) {
  return (
    <span className={`badge badge-${tone}`} title={title}>
      {children}
    </span>
  );
}
