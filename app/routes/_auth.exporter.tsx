/** /exporter (issue 28): "Mina exporter", the signed-in user's exports of the subscription period. */
import type { MetaFunction } from "@remix-run/cloudflare";
import { ExportsScreen } from "../components/exports/exports-screen";

export const meta: MetaFunction = () => [{ title: "Mina exporter – Urval" }];

export default function ExportsRoute() {
  return (
    <main className="page exports-page" id="main">
      <h1>Mina exporter</h1>
      <ExportsScreen />
    </main>
  );
}
