/** A deployment run's log as the agent sent it (the run page and each step of a plan). */
export function RunLog({ log, label = "Deployment log" }: { log: string; label?: string }) {
  return (
    <pre className="deployment-log" role="log" aria-label={label}>
      {log || "Waiting for the agent…"}
    </pre>
  );
}
