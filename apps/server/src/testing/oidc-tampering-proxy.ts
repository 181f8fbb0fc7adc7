import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type JWK, SignJWT, decodeJwt, importJWK } from "jose";

/**
 * An identity provider gone wrong, for the refusal tests: it stands in front
 * of the test provider as the issuer metabuild is configured with, forwards
 * every request, and re-signs the ID token of each token answer with the
 * provider's own key after `tamper` changed its claims (another audience,
 * another issuer). metabuild must refuse what it answers.
 */
export async function startTamperingProxy(
  provider: { issuer: string; signingKey: JWK },
  tamper: (claims: Record<string, unknown>, proxyIssuer: string) => Record<string, unknown>,
): Promise<{ issuer: string; close(): Promise<void> }> {
  const key = await importJWK(provider.signingKey, "RS256");
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const upstream = await fetch(`${provider.issuer}${req.url}`, {
      method: req.method,
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => k !== "host" && k !== "content-length"),
      ) as Record<string, string>,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      redirect: "manual",
    });
    let text = await upstream.text();
    if (req.url?.startsWith("/.well-known/openid-configuration")) {
      const doc = JSON.parse(text) as Record<string, unknown>;
      doc.issuer = issuer;
      doc.token_endpoint = `${issuer}/token`;
      // The browser's way back carries the real provider's `iss` (RFC 9207): not announced here.
      delete doc.authorization_response_iss_parameter_supported;
      text = JSON.stringify(doc);
    } else if (req.url?.startsWith("/token") && upstream.ok) {
      const answer = JSON.parse(text) as Record<string, unknown>;
      const claims = tamper({ ...decodeJwt(String(answer.id_token)), iss: issuer }, issuer);
      answer.id_token = await new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: provider.signingKey.kid })
        .sign(key);
      text = JSON.stringify(answer);
    }
    res.writeHead(upstream.status, { "content-type": "application/json" });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
