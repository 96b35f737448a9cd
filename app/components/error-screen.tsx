/**
 * What the root error boundary shows: 404; a refused account (403: subscription expired or account disabled, with
 * the API's message, a way to sign out and to contact us); or the reload-after-error screen for anything else.
 */
import { isRouteErrorResponse, Link } from "@remix-run/react";
import { DEFAULT_ERROR_MESSAGE } from "#shared/error-message";
import { signOut } from "../lib/sign-out";

export function ErrorScreen({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const apiMessage = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  if (status === 404) {
    return (
      <div id="app" className="app">
        <NotFound />
      </div>
    );
  }
  if (status === 403) {
    return (
      <Screen heading="Kontot kan inte användas" text={apiMessage ?? DEFAULT_ERROR_MESSAGE}>
        <button type="button" className="button" onClick={() => void signOut()}>
          Logga ut
        </button>
        <Link className="button button--secondary" to="/kontakt">
          Kontakta kundservice
        </Link>
      </Screen>
    );
  }
  return (
    <Screen heading="Något gick fel" text={DEFAULT_ERROR_MESSAGE}>
      <a className="button" href="">
        Ladda om
      </a>
    </Screen>
  );
}

/** 404's content; an unknown address shows it between the header and the footer (routes/_public.$.tsx). */
export function NotFound() {
  return (
    <ErrorMain heading="Sidan finns inte" text="Kontrollera adressen eller gå till startsidan.">
      <a className="button" href="/">
        Till startsidan
      </a>
    </ErrorMain>
  );
}

function ErrorMain({ heading, text, children }: { heading: string; text: string; children: React.ReactNode }) {
  return (
    <main className="page page--narrow error-page" id="main">
      <h1>{heading}</h1>
      <p>{text}</p>
      <p className="button-row">{children}</p>
    </main>
  );
}

function Screen(props: { heading: string; text: string; children: React.ReactNode }) {
  return (
    <div id="app" className="app">
      <ErrorMain {...props} />
    </div>
  );
}
