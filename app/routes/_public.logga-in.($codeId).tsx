/**
 * Sign-in (spec §2, §4): Lösenord (default), E-post or SMS, then the one-time-code step. A codeId in the path (from
 * /e/{codeId}) opens the code step and is then removed from the address.
 */
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLocation, useNavigate, useParams, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SignInCodeForm, SignInMethodForm } from "../components/sign-in-forms";
import { telHref } from "#shared/publisher-text";
import { usePublisher } from "../lib/publisher-context";
import { signInFromForm } from "../lib/form-action.server";
import { signInReason } from "../lib/sign-in-reason";
import { useSignIn } from "../lib/use-sign-in";

export const meta: MetaFunction = () => [{ title: "Logga in – Urval" }];

/** Only for a form submitted before the page has hydrated (or without JavaScript); see lib/form-action.server.ts. */
export const action = ({ context, request }: ActionFunctionArgs) => signInFromForm(context, request);

export default function SignIn() {
  const { codeId } = useParams();
  const actionData = useActionData<typeof action>();
  const { form, actions } = useSignIn(codeId, actionData && "error" in actionData ? actionData.error : null);
  const navigate = useNavigate();
  const publisher = usePublisher();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const reason = signInReason(searchParams);

  const codeIdHandled = useRef(false);
  useEffect(() => {
    if (!codeId || codeIdHandled.current) return;
    codeIdHandled.current = true;
    actions.recallIdentity();
    navigate(`/logga-in${location.search}`, { replace: true });
  }, [codeId, actions, navigate, location.search]);

  return (
    <main className="page sign-in" id="main">
      <div className="sign-in__form">
        <h1>Logga in</h1>
        {reason ? <p className="sign-in__reason">{reason}</p> : null}
        {form.pendingCode ? (
          <SignInCodeForm
            codeId={form.pendingCode.codeId}
            obfuscatedIdentity={form.pendingCode.obfuscatedIdentity}
            onSubmit={actions.submitCode}
            onAbort={actions.abort}
            pending={form.pending}
            error={form.error}
          />
        ) : (
          <SignInMethodForm
            method={form.method}
            onMethod={actions.chooseMethod}
            onSubmit={actions.submitIdentity}
            pending={form.pending}
            error={form.error}
          />
        )}
      </div>
      <aside className="sign-in__aside" aria-labelledby="no-account">
        <h2 id="no-account">Inget konto?</h2>
        <p>Urval är en tjänst för prenumeranter. Kontakta kundservice för en demo och en kostnadsfri provperiod.</p>
        <p>
          <a href={telHref(publisher.customerServicePhone)}>{publisher.customerServicePhone}</a>
          <br />
          <a href={`mailto:${publisher.customerServiceEmail}`}>{publisher.customerServiceEmail}</a>
        </p>
      </aside>
    </main>
  );
}
