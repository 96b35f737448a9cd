import { expect, test } from "@playwright/test";

test("the sign-in page shows the Swedish form with three methods", async ({ page }) => {
  await page.goto("/logga-in");
  await expect(page.getByRole("heading", { name: "Logga in" })).toBeVisible();
  await expect(page.getByLabel("E-post / Personnr / Användarnamn")).toBeVisible();
  for (const method of ["Lösenord", "E-post", "SMS"]) await expect(page.getByRole("button", { name: method })).toBeVisible();
  await expect(page.getByLabel("Lösenord", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "E-post" }).click();
  await expect(page.getByLabel("Lösenord", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Logga in" })).toBeVisible();
  await page.screenshot({ path: "tests/e2e/artifacts/logga-in.png", fullPage: true });
});
