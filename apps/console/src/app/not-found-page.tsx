import { Link } from "react-router";
import { PageHeader } from "../components/page-header.tsx";
import { EmptyState } from "../components/status.tsx";
import { paths } from "./paths.ts";

export default function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState title="There is no page at this address.">
        <Link to={paths.projects()}>Go to your projects</Link>
      </EmptyState>
    </>
  );
}
