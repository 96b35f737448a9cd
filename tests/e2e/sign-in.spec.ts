/** Sign-in screen (spec §2, §4, §5, §8): three methods, validation, errors under the form, one-time codes, sign-out. */
import { demoAccount } from "./support/local-state";
import { expect, expectAccessible, screenshot, signInByForm, test, waitForApp } from "./support/test";

test("the form offers three methods, password first, and validates the identity", async ({ page }) => {
  await page.goto("/logga-in");
  await expect(page.getByRole("heading", { name: "Logga in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Lösenord" })).toHaveAttribute("aria-pressed", "true");
  for (const method of ["E-post", "SMS"]) await expect(page.getByRole("button", { name: method })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByLabel("E-post / Personnr / Användarnamn")).toBeVisible();
  await expect(page.getByLabel("Lösenord", { exact: true })).toBeVisible();

  await page.getByLabel("E-post / Personnr / Användarnamn").fill("   ");
  await page.getByLabel("E-post / Personnr / Användarnamn").press("Enter");
  await expect(page.getByRole("alert")).toHaveText("Ange e-post, personnummer eller telefonnummer");
  await expectAccessible(page);

  await page.getByRole("button", { name: "E-post" }).click();
  await expect(page.getByLabel("Lösenord", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Logga in" })).toBeVisible();
  await screenshot(page, "logga-in-e-post");
});

test("the demo account signs in with its password and lands home", async ({ page }) => {
  await page.goto("/logga-in");
  await signInByForm(page, demoAccount());
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Konto", exact: true })).toBeVisible();
});

test("a wrong password shows the API's message under the form", async ({ page, local }) => {
  const user = await local.createUser();
  await page.goto("/logga-in");
  await signInByForm(page, { username: user.username, password: "fel-losenord-123" });
  const alert = page.getByRole("alert");
  await expect(alert).not.toBeEmpty();
  await expect(alert).not.toHaveText("Något gick fel. Prova gärna igen.");
  await expect(page).toHaveURL("/logga-in");
  await screenshot(page, "logga-in-fel");
});

test("sign-in by e-mail code read from the dev mailbox, back to the saved address", async ({ page, local }) => {
  const user = await local.createUser();
  await page.goto("/sok?vad=jeyJxIjoiYnlnZyJ9");
  await expect(page).toHaveURL(/\/logga-in\?till=/);
  await page.getByRole("button", { name: "E-post" }).click();
  await page.getByLabel("E-post / Personnr / Användarnamn").fill(user.email);
  await page.getByRole("button", { name: "Logga in" }).click();

  await expect(page.getByText("En engångskod har skickats till")).toBeVisible();
  await expect(page.locator(".code-sent strong")).toHaveText(/\*/);
  await expectAccessible(page);
  await screenshot(page, "logga-in-engangskod");
  const message = await local.lastCodeMessage(user.email);
  await page.getByLabel("Ange engångskod").fill(message.code);
  await page.getByLabel("Ange engångskod").press("Enter");
  await expect(page).toHaveURL("/sok?vad=jeyJxIjoiYnlnZyJ9");
  await expect(page.getByRole("button", { name: "Konto", exact: true })).toBeVisible();
});

test("the link in the code message opens the code step, which signs in", async ({ page, local }) => {
  const user = await local.createUser();
  await page.goto("/logga-in");
  await page.getByRole("button", { name: "E-post" }).click();
  await page.getByLabel("E-post / Personnr / Användarnamn").fill(user.email);
  await page.getByRole("button", { name: "Logga in" }).click();
  const sentTo = await page.locator(".code-sent strong").textContent();
  const message = await local.lastCodeMessage(user.email);

  // The message's link, opened in the same browser (as a new tab would be).
  await page.goto(`/e/${message.codeId}`);
  await expect(page).toHaveURL("/logga-in");
  await expect(page.locator(".code-sent strong")).toHaveText(sentTo ?? "");
  await page.getByLabel("Ange engångskod").fill(message.code);
  await page.getByRole("button", { name: "Bekräfta" }).click();
  await expect(page).toHaveURL("/");
});

test("aborting the code step returns to the method choice; a wrong code shows an error", async ({ page, local }) => {
  const user = await local.createUser();
  await page.goto("/logga-in");
  await page.getByRole("button", { name: "E-post" }).click();
  await page.getByLabel("E-post / Personnr / Användarnamn").fill(user.email);
  await page.getByLabel("E-post / Personnr / Användarnamn").press("Enter");
  await expect(page.getByLabel("Ange engångskod")).toBeVisible();

  const message = await local.lastCodeMessage(user.email);
  const wrong = message.code === "000000" ? "111111" : "000000";
  await page.getByLabel("Ange engångskod").fill(wrong);
  await page.getByRole("button", { name: "Bekräfta" }).click();
  await expect(page.getByRole("alert")).not.toBeEmpty();
  await expect(page).toHaveURL("/logga-in");

  const aborted = page.waitForRequest((r) => r.url().endsWith("/api/auth/login/one-time-code/abort"));
  await page.getByRole("button", { name: "Avbryt inloggning" }).click();
  expect((await aborted).postDataJSON()).toEqual({ codeId: message.codeId });
  await expect(page.getByLabel("Ange engångskod")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Lösenord" })).toBeVisible();
  await expect(page.getByLabel("E-post / Personnr / Användarnamn")).toBeVisible();
});

test("SMS sends a code to the phone number on the account", async ({ page, local }) => {
  const user = await local.createUser();
  await page.goto("/logga-in");
  await page.getByRole("button", { name: "SMS" }).click();
  await page.getByLabel("E-post / Personnr / Användarnamn").fill(user.username);
  await page.getByRole("button", { name: "Logga in" }).click();
  await expect(page.getByText("En engångskod har skickats till")).toBeVisible();
  const message = await local.lastCodeMessage(user.phone);
  await page.getByLabel("Ange engångskod").fill(message.code);
  await page.getByRole("button", { name: "Bekräfta" }).click();
  await expect(page).toHaveURL("/");
});

test("signing out always ends at /logga-in, and the session is gone", async ({ page, local }) => {
  const user = await local.createUser();
  await page.goto("/logga-in");
  await signInByForm(page, user);
  await expect(page).toHaveURL("/");
  await waitForApp(page);
  await page.getByRole("button", { name: "Konto", exact: true }).click();
  await page.getByRole("button", { name: "Logga ut" }).click();
  await expect(page).toHaveURL("/logga-in");
  await page.goto("/");
  await expect(page).toHaveURL("/logga-in");
});

test("an expired subscription is told so on protected pages, can sign out, and still sees public pages", async ({ page, local }) => {
  const user = await local.createUser();
  await page.goto("/logga-in");
  await signInByForm(page, user);
  await expect(page).toHaveURL("/");
  await local.expireSubscription(user.userId);

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Kontot kan inte användas" })).toBeVisible();
  await expect(page.getByText(/abonnemang har gått ut/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Kontakta kundservice" })).toHaveAttribute("href", "/kontakt");
  await expectAccessible(page);
  await screenshot(page, "konto-spärrat");

  await page.goto("/om");
  await expect(page.getByRole("heading", { level: 1, name: "Om oss" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Hem" })).toBeVisible();

  await page.goto("/");
  await page.getByRole("button", { name: "Logga ut" }).click();
  await expect(page).toHaveURL("/logga-in");
});

test("input before React's first render raises no error; the page hydrates and the typed text signs in", async ({ page, local }) => {
  const user = await local.createUser();
  // The page's MessageChannel messages, which carry React's scheduled work, wait until the test releases them: the test
  // types after hydrateRoot has taken the document and before RemixBrowser's first render (issue 36 point 6, #345).
  await page.addInitScript(() => {
    const held: (() => void)[] = [];
    let released = false;
    const NativeChannel = window.MessageChannel;
    window.MessageChannel = class extends NativeChannel {
      constructor() {
        super();
        const post = this.port2.postMessage.bind(this.port2);
        this.port2.postMessage = (message: unknown) => {
          if (released) post(message);
          else held.push(() => post(message));
        };
      }
    };
    Object.assign(window, {
      releaseScheduler: () => {
        released = true;
        for (const send of held.splice(0)) send();
      },
    });
  });
  // Not page.goto, which waits for hydration.
  await page.mainFrame().goto("/logga-in?till=%2Fom");
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer$")));
  expect(await page.evaluate(() => window.__remixContext.stream !== undefined), "RemixBrowser has not rendered yet").toBe(true);
  await page.getByLabel("E-post / Personnr / Användarnamn").fill(user.username);
  await page.getByLabel("Lösenord", { exact: true }).fill(user.password);

  await page.evaluate(() => (window as unknown as { releaseScheduler: () => void }).releaseScheduler());
  await waitForApp(page);
  await expect(page.getByLabel("E-post / Personnr / Användarnamn")).toHaveValue(user.username);
  await page.getByLabel("Lösenord", { exact: true }).press("Enter");
  await expect(page).toHaveURL("/om");
  await expect(page.getByRole("button", { name: "Konto", exact: true })).toBeVisible();
});
