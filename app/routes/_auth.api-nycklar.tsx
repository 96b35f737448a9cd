/** /api-nycklar (issue 47): the signed-in user's API keys for /v1, reached from the Konto popup. */
import type { MetaFunction } from "@remix-run/cloudflare";
import { ApiKeysScreen } from "../components/api-keys/api-keys-screen";

export const meta: MetaFunction = () => [{ title: "API-nycklar – Urval" }];

export default function ApiKeysRoute() {
  return (
    <main className="page api-keys-page" id="main">
      <h1>API-nycklar</h1>
      <ApiKeysScreen />
    </main>
  );
}
