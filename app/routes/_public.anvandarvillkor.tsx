/** Terms of use (spec §2 /anvandarvillkor): the text is fetched from the server. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DEFAULT_ERROR_MESSAGE } from "#shared/error-message";
import { TermsText } from "../components/terms-text";
import { loadTerms } from "../lib/session.server";

export const meta: MetaFunction = () => [{ title: "Användarvillkor – Urval" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  return { terms: await loadTerms(context, request) };
}

export default function Terms() {
  const { terms } = useLoaderData<typeof loader>();
  return (
    <main className="page page--text" id="main">
      <h1>Användarvillkor</h1>
      {terms ? (
        <TermsText paragraphs={terms} />
      ) : (
        <div className="notice notice--error" role="alert">
          <p>{DEFAULT_ERROR_MESSAGE}</p>
          <p>
            <a className="button" href="/anvandarvillkor">
              Ladda om
            </a>
          </p>
        </div>
      )}
    </main>
  );
}
