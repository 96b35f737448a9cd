import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import { ModalHost } from "./components/modal-host";
import { DEFAULT_ERROR_MESSAGE } from "../workers/shared/errors";
import { useNonce } from "./lib/nonce";
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
  const nonce = useNonce();
  return (
    <html lang="sv">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has taken over (scripts and end-to-end tests can wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <div id="app" className="app" data-modal-background>
        <a className="skip-link" href="#main">
          Hoppa till innehållet
        </a>
        <Outlet />
      </div>
      <ModalHost />
    </>
  );
}

/** Errors no route handled: 404 or the reload-after-error screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.status === 403 ? error.data : DEFAULT_ERROR_MESSAGE;
  return (
    <div id="app" className="app">
      <main className="page page--narrow error-page">
        <h1>{isNotFound ? "Sidan finns inte" : "Något gick fel"}</h1>
        <p>{isNotFound ? "Kontrollera adressen eller gå till startsidan." : message}</p>
        <p className="button-row">
          {isNotFound ? (
            <a className="button" href="/">
              Till startsidan
            </a>
          ) : (
            <a className="button" href="">
              Ladda om
            </a>
          )}
        </p>
      </main>
    </div>
  );
}
