/**
 * Any address no other route answers: 404 "Sidan finns inte" inside the public layout, so the page keeps its header
 * (the signed-in one for a signed-in user) and its footer (issue 25).
 */
import type { MetaFunction } from "@remix-run/cloudflare";
import { NotFound } from "../components/error-screen";

export const meta: MetaFunction = () => [{ title: "Sidan finns inte – Urval" }];

export function loader(): never {
  throw new Response("Sidan finns inte", { status: 404 });
}

/** Never rendered: the loader always answers 404, which the boundary below shows. */
export default function UnknownAddress() {
  return null;
}

export function ErrorBoundary() {
  return <NotFound />;
}
