import type { Build } from "@metabuild/contract";
import { useState } from "react";
import { EmptyState } from "../../../components/status.tsx";
import { serverUrl } from "../../../lib/base-path.ts";

/** A finished build's archives: a download link and a button that copies the link. */
export function DownloadList({ downloads }: { downloads: Build["downloads"] }) {
  const [copied, setCopied] = useState<string>();
  if (downloads.length === 0)
    return (
      <EmptyState title="This build has no downloads.">
        It built no instances, so there is no archive.
      </EmptyState>
    );

  async function copy(name: string, href: string) {
    try {
      await navigator.clipboard.writeText(new URL(href, window.location.origin).href);
      setCopied(`Link to ${name} copied.`);
    } catch {
      setCopied(`The browser did not allow copying the link to ${name}.`);
    }
  }

  return (
    <>
      <ul className="download-list" aria-label="Downloads">
        {downloads.map((d) => {
          const href = serverUrl(`/api/v1/downloads/${d.id}`);
          return (
            <li key={d.id}>
              <a href={href} download>
                Download {d.name}
              </a>{" "}
              <span className="muted">({d.pattern})</span>{" "}
              <button
                type="button"
                className="button button-small"
                aria-label={`Copy link to ${d.name}`}
                onClick={() => void copy(d.name, href)}
              >
                Copy link
              </button>
            </li>
          );
        })}
      </ul>
      <p className="muted" role="status">
        {copied ?? ""}
      </p>
    </>
  );
}
