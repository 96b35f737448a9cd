/** /bevakningar (issue 16): the signed-in user's saved searches, watched companies and their changes. */
import type { MetaFunction } from "@remix-run/cloudflare";
import { MonitoringScreen } from "../components/monitoring/monitoring-screen";

export const meta: MetaFunction = () => [{ title: "Bevakningar – Urval" }];

export default function MonitoringRoute() {
  return (
    <main className="page monitoring-page" id="main">
      <h1>Bevakningar</h1>
      <MonitoringScreen />
    </main>
  );
}
