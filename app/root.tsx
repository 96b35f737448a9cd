// First: the page's base styles come before every component's in the one stylesheet of the shared chunk (vite.config.ts).
import "./styles/root.css";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, type ShouldRevalidateFunction, useLoaderData, useRouteError } from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import { ErrorScreen } from "./components/error-screen";
import { ModalHost } from "./components/modal-host";
import { ScrollRestoration } from "./components/scroll-restoration";
import { useNonce } from "./lib/nonce";
import { ZOD_JITLESS_SCRIPT } from "./lib/zod-csp";
import { readPublisher } from "#shared/publisher";
import { PublisherProvider } from "./lib/publisher-context";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: MetaFunction = () => [
  { title: "Urval" },
  { name: "description", content: "Urval – sök bland alla Sveriges företag och arbetsställen." },
];

/** The publisher's contact details from the worker's configuration (var PUBLISHER); invalid ones fail every page. */
export function loader({ context }: LoaderFunctionArgs) {
  return { publisher: readPublisher(context.cloudflare.env) };
}

/** The configuration does not change while a page is open. */
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Marks the document once React has taken over (scripts and end-to-end tests can wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="sv">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        {/* Before any module script: zod must not probe for eval under the CSP (lib/zod-csp.ts). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS_SCRIPT }} />
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
  const { publisher } = useLoaderData<typeof loader>();
  return (
    <PublisherProvider publisher={publisher}>
      <div id="app" className="app" data-modal-background>
        <a className="skip-link" href="#main">
          Hoppa till innehållet
        </a>
        <Outlet />
      </div>
      <ModalHost />
    </PublisherProvider>
  );
}

/** Errors no route handled: 404, a refused account (403), or the reload-after-error screen. */
export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />;
}
