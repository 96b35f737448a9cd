/** Spec §2/§8: the login-verification link shows only that the link is no longer active. */
import type { MetaFunction } from "@remix-run/cloudflare";

export const meta: MetaFunction = () => [{ title: "Länken är inte aktiv – Urval" }];

export default function InactiveLink() {
  return (
    <main className="page page--narrow" id="main">
      <h1 className="notice">Den angivna länker är inte längre aktiv</h1>
    </main>
  );
}
