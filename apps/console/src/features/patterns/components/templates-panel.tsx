import { EmptyState } from "../../../components/status.tsx";

export function TemplatesPanel(_: { patternId: number }) {
  return <EmptyState title="Templates are not shown yet." />;
}
