import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import appStyles from "./styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Urval" },
  { name: "description", content: "Urval – sök bland alla Sveriges företag och arbetsställen." },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="sv">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="page page--narrow">
      <h1>{isNotFound ? "Sidan finns inte" : "Något gick fel"}</h1>
      <p>{isNotFound ? "Kontrollera adressen eller gå till startsidan." : "Något gick fel. Prova gärna igen."}</p>
      <a className="button" href="/">
        Till startsidan
      </a>
    </main>
  );
}
