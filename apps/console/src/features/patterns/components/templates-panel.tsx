import { EmptyState, QueryView } from "../../../components/status.tsx";
import { usePatternTemplates } from "../api/get-pattern-templates.ts";

/** Each template's path and body as text (read-only). */
export function TemplatesPanel({ patternId }: { patternId: number }) {
  return (
    <QueryView query={usePatternTemplates(patternId)} loadingLabel="Loading templates…">
      {(templates) =>
        templates.length === 0 ? (
          <EmptyState title="This pattern has no templates.">
            A build renders nothing for its instances.
          </EmptyState>
        ) : (
          <div className="templates">
            {templates.map((t) => (
              <section key={t.id} className="template" aria-label={`Template ${t.path}`}>
                <h2 className="template-path">
                  <code>{t.path}</code>
                </h2>
                <pre className="template-body">{t.body}</pre>
              </section>
            ))}
          </div>
        )
      }
    </QueryView>
  );
}
