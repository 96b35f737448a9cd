/** State and actions of the sign-in screen (spec §4 "Sign-in", §5 validation, §8 errors under the form). */
import { useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { IDENTITY_REQUIRED_MESSAGE } from "#shared/api-contracts/auth-values";
import { DEFAULT_ERROR_MESSAGE } from "#shared/error-message";
import type { SignInMethod } from "../components/sign-in-forms";
import { errorMessage } from "./api-error";
import { clearPendingCode, safeReturnPath, savePendingCode } from "./app-state";
import { abortOneTimeCode, confirmOneTimeCode, createOneTimeCode, signInWithPassword } from "./sign-in-calls";

export interface PendingCode {
  codeId: string;
  obfuscatedIdentity: string | undefined;
}

/** `serverError`: the message of a form the server handled (submitted before hydration). */
export function useSignIn(initialCodeId: string | undefined, serverError: string | null = null) {
  const [searchParams] = useSearchParams();
  const [method, setMethod] = useState<SignInMethod>("PASSWORD");
  const [pendingCode, setPendingCode] = useState<PendingCode | null>(
    initialCodeId ? { codeId: initialCodeId, obfuscatedIdentity: undefined } : null,
  );
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(serverError);

  async function run(action: () => Promise<void>) {
    setPending(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorMessage(caught));
      setPending(false);
    }
  }

  /**
   * After success: back to the saved path and query, otherwise home (a full load, so every loader sees the session).
   * The saved state is read with zod, which the call's answer check has fetched by now (app-state-read.ts sits in the
   * contracts file, decision 0063), so the sign-in page's first load carries none.
   */
  async function finish() {
    clearPendingCode();
    const { takeAppStatePath } = await import("./app-state-read");
    window.location.assign(safeReturnPath(searchParams.get("till")) ?? takeAppStatePath() ?? "/");
  }

  function submitIdentity(identity: string, secret: string) {
    const id = identity.trim();
    if (!id) return setError(IDENTITY_REQUIRED_MESSAGE);
    void run(async () => {
      if (method === "PASSWORD") {
        await signInWithPassword(id, secret);
        return await finish();
      }
      const created = await createOneTimeCode(id, method);
      savePendingCode(created.codeId, created.obfuscatedIdentity);
      setPendingCode({ codeId: created.codeId, obfuscatedIdentity: created.obfuscatedIdentity });
      setPending(false);
    });
  }

  function submitCode(code: string) {
    if (!pendingCode) return setError(DEFAULT_ERROR_MESSAGE);
    void run(async () => {
      await confirmOneTimeCode(pendingCode.codeId, code.trim());
      await finish();
    });
  }

  /** Spec §4: abort returns to the method choice. */
  function abort() {
    if (pendingCode) void abortOneTimeCode(pendingCode.codeId);
    clearPendingCode();
    setPendingCode(null);
    setError(null);
  }

  function chooseMethod(next: SignInMethod) {
    setMethod(next);
    setError(null);
  }

  /** For a code opened from a link: the identity, if this browser asked for the code. */
  function recallIdentity() {
    void import("./app-state-read").then(({ pendingCodeIdentity }) =>
      setPendingCode((current) =>
        current && !current.obfuscatedIdentity ? { ...current, obfuscatedIdentity: pendingCodeIdentity(current.codeId) } : current,
      ),
    );
  }

  return {
    form: { method, pendingCode, pending, error },
    actions: { chooseMethod, submitIdentity, submitCode, abort, recallIdentity },
  };
}
