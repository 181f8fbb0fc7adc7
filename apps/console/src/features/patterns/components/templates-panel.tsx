import { Suspense } from "react";
import { CodeViewer } from "../../../components/lazy-monaco.ts";
import { EmptyState, QueryView } from "../../../components/status.tsx";
import { usePatternTemplates } from "../api/get-pattern-templates.ts";

/** Lines shown before a template scrolls inside its viewer. */
const MAX_LINES = 30;

/** A viewer tall enough for the template's lines, up to MAX_LINES. */
function heightFor(body: string): string {
  const lines = Math.min(body.split("\n").length, MAX_LINES);
  return `${lines * 19 + 28}px`; // + the horizontal scroll bar
}

/** Each template's path and body in a read-only Monaco viewer. */
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
                {/* The plain text until the viewer's chunk has arrived. */}
                <Suspense fallback={<pre className="template-body">{t.body}</pre>}>
                  <CodeViewer
                    label={`${t.path} (read-only)`}
                    text={t.body}
                    path={`pattern-${patternId}/${t.path}`}
                    height={heightFor(t.body)}
                  />
                </Suspense>
              </section>
            ))}
          </div>
        )
      }
    </QueryView>
  );
}
