/**
 * Forms submitted before the page has hydrated (or with JavaScript off) are posted to the server, never as a GET that
 * would put a password or a message in the address, and still work; and a page's own text is on it before any script
 * has run.
 */
import { CONTACT_EMAIL_MESSAGE } from "#shared/api-contracts/subscription";
import { recordsLeftText } from "#app/lib/exports/export-list-text";
import { expect, signInByApi, test } from "./support/test";

test.use({ javaScriptEnabled: false });

test("password sign-in without JavaScript signs in and returns to the saved address", async ({ page, local }) => {
  const user = await local.createUser();
  await page.goto("/sok?vad=jeyJxIjoiYnlnZyJ9");
  await expect(page).toHaveURL("/logga-in?till=%2Fsok%3Fvad%3DjeyJxIjoiYnlnZyJ9");
  await page.getByLabel("E-post / Personnr / Användarnamn").fill(user.username);
  await page.getByLabel("Lösenord", { exact: true }).fill("fel-losenord-123");
  await page.getByRole("button", { name: "Logga in" }).click();
  await expect(page.getByRole("alert")).not.toBeEmpty();
  expect(page.url()).not.toContain("fel-losenord");

  await page.getByLabel("E-post / Personnr / Användarnamn").fill(user.username);
  await page.getByLabel("Lösenord", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Logga in" }).click();
  await expect(page).toHaveURL("/sok?vad=jeyJxIjoiYnlnZyJ9");
  await expect(page.getByRole("button", { name: "Konto", exact: true })).toBeVisible();
});

test("the contact form without JavaScript shows field messages, then sends the message", async ({ page }) => {
  await page.goto("/kontakt");
  await page.getByLabel("Namn", { exact: true }).fill("Nils Holm");
  await page.getByLabel("E-post", { exact: true }).fill("inte-en-epost");
  await page.getByRole("button", { name: "Skicka" }).click();
  await expect(page.getByLabel("E-post", { exact: true })).toHaveAccessibleDescription(CONTACT_EMAIL_MESSAGE);
  await expect(page.getByLabel("Meddelande", { exact: true })).toHaveAccessibleDescription("Skriv ett meddelande.");
  await expect(page.getByLabel("Namn", { exact: true })).toHaveValue("Nils Holm");

  await page.getByLabel("E-post", { exact: true }).fill("nils@example.se");
  await page.getByLabel("Meddelande", { exact: true }).fill("Ring mig gärna om en provperiod.");
  await page.getByRole("button", { name: "Skicka" }).click();
  await expect(page.getByText("Meddelande skickat!")).toBeVisible();
  await expect(page).toHaveURL("/kontakt");
});

test("'Mina exporter' shows its introduction and the records left before any script has run", async ({ page, local }) => {
  await signInByApi(page, await local.createUser({ quota: 2500 }));
  await page.goto("/exporter");
  await expect(page.getByRole("heading", { level: 1, name: "Mina exporter" })).toBeVisible();
  await expect(page.getByText(/^Här finns dina exporter under prenumerationsperioden\./)).toBeVisible();
  await expect(page.getByText(recordsLeftText(2500))).toBeVisible();
});
