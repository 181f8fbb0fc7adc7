import { Link } from "react-router";
import { PageHeader } from "../components/page-header.tsx";
import { EmptyState } from "../components/status.tsx";

export default function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState title="There is no page at this address.">
        <Link to="/projects">Go to your projects</Link>
      </EmptyState>
    </>
  );
}
