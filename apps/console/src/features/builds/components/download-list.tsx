import type { Build } from "@metabuild/contract";
import { useState } from "react";
import { EmptyState } from "../../../components/status.tsx";
import { checkDownload, operationUrl } from "../../../lib/api/client.ts";

/**
 * A finished build's archives: a download link and a button that copies the
 * link. Without the download grant the links are left out, with the reason.
 */
export function DownloadList({
  downloads,
  refusal,
}: {
  downloads: Build["downloads"];
  /** Why the user may not download, when they may not. */
  refusal?: string;
}) {
  const [copied, setCopied] = useState<string>();
  if (downloads.length === 0)
    return (
      <EmptyState title="This build has no downloads.">
        It built no instances, so there is no archive.
      </EmptyState>
    );

  if (refusal)
    return (
      <EmptyState title={`${downloads.length} archive(s) you may not download.`}>
        {refusal}
      </EmptyState>
    );

  // The link stays a real link (open in new tab, copy address); a click first
  // checks it will be served, so a refusal shows here instead of as a saved file.
  async function download(event: React.MouseEvent<HTMLAnchorElement>, name: string, path: string) {
    if (event.currentTarget.dataset.checked === "yes") return;
    event.preventDefault();
    const link = event.currentTarget;
    try {
      await checkDownload(path);
      setCopied(undefined);
      link.dataset.checked = "yes";
      link.click();
      delete link.dataset.checked;
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      setCopied(`${name} could not be downloaded: ${why}`);
    }
  }

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
          const href = operationUrl("/v1/downloads/{id}", { id: d.id });
          return (
            <li key={d.id}>
              <a href={href} download onClick={(e) => void download(e, d.name, href)}>
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
