/**
 * Sign-in (spec §2, §4): Lösenord (default), E-post or SMS, then the one-time-code step. A codeId in the path (from
 * /e/{codeId}) opens the code step and is then removed from the address.
 */
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLocation, useNavigate, useParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SignInCodeForm, SignInMethodForm } from "../components/sign-in-forms";
import { COMPANY, telHref } from "../lib/company-info";
import { useSignIn } from "../lib/use-sign-in";

export const meta: MetaFunction = () => [{ title: "Logga in – Urval" }];

export default function SignIn() {
  const { codeId } = useParams();
  const { form, actions } = useSignIn(codeId);
  const navigate = useNavigate();
  const location = useLocation();

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
        {form.pendingCode ? (
          <SignInCodeForm
            obfuscatedIdentity={form.pendingCode.obfuscatedIdentity}
            code={form.code}
            onCode={actions.setCode}
            onSubmit={actions.submitCode}
            onAbort={actions.abort}
            pending={form.pending}
            error={form.error}
          />
        ) : (
          <SignInMethodForm
            method={form.method}
            onMethod={actions.chooseMethod}
            identity={form.identity}
            onIdentity={actions.setIdentity}
            secret={form.secret}
            onSecret={actions.setSecret}
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
          <a href={telHref(COMPANY.customerServicePhone)}>{COMPANY.customerServicePhone}</a>
          <br />
          <a href={`mailto:${COMPANY.customerServiceEmail}`}>{COMPANY.customerServiceEmail}</a>
        </p>
      </aside>
    </main>
  );
}
