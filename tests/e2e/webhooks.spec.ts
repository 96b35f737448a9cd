/**
 * Webhooks on /bevakningar in Chromium (issue 47 point 4): a refused address is explained at the field; a real
 * receiver on loopback is added, its secret shown once; a test event arrives signed by it and the delivery log says
 * "Levererad"; a rotation shows a new secret and the next event is signed by both; the webhook is removed. Axe clean.
 */
import { startWebhookReceiver } from "../support/webhook-receiver";
import { signedIn } from "./search-helpers";
import { expect, expectAccessible, test } from "./support/test";

test("add a webhook, send a test event, see it delivered, rotate the secret and remove it", async ({ page, local }) => {
  const receiver = await startWebhookReceiver();
  try {
    await signedIn({ page, local });
    await page.goto("/bevakningar");
    const section = page.getByRole("region", { name: "Webhooks" });
    const address = section.getByLabel("Adress (https)");

    await address.fill("https://192.168.1.10/hook");
    await section.getByRole("button", { name: "Lägg till webhook" }).click();
    await expect(section.getByText("Adressen pekar på ett internt nät. Ange en adress som nås från internet.")).toBeVisible();
    await expect(address).toHaveAttribute("aria-invalid", "true");

    await address.fill(receiver.url);
    await section.getByRole("button", { name: "Lägg till webhook" }).click();
    const secretBox = section.getByRole("status").filter({ hasText: "Signeringshemligheten visas bara nu" });
    const secret = (await secretBox.locator("code").textContent())!;
    expect(secret).toMatch(/^whsec_/);
    receiver.trust(secret);
    await expect(section.getByRole("listitem").filter({ hasText: receiver.url })).toContainText("Alla bevakningar");
    await expectAccessible(page);
    await secretBox.getByRole("button", { name: "Klar" }).click();
    await expect(secretBox).toHaveCount(0);

    const item = section.getByRole("listitem").filter({ hasText: receiver.url });
    await item.getByRole("button", { name: "Skicka testhändelse" }).click();
    await receiver.waitFor((all) => all.some((r) => r.status === 204));
    const log = item.getByRole("table", { name: `Leveranser till ${receiver.url}` });
    await expect(async () => {
      await item.getByRole("button", { name: "Uppdatera" }).click();
      await expect(log.getByRole("row").nth(1)).toContainText("Levererad", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(log.getByRole("row").nth(1)).toContainText("HTTP 204");

    await item.getByRole("button", { name: "Byt hemlighet" }).click();
    const rotated = (await section.getByRole("status").locator("code").textContent())!;
    expect(rotated).not.toBe(secret);
    receiver.trust(rotated);
    await expect(item).toContainText("den förra hemligheten gäller till");
    await item.getByRole("button", { name: "Skicka testhändelse" }).click();
    await receiver.waitFor((all) => all.length >= 2);
    expect(receiver.received[1]!.verifiedBy.sort()).toEqual([secret, rotated].sort());

    await item.getByRole("button", { name: "Ta bort" }).click();
    await item.getByRole("button", { name: "Ja, ta bort" }).click();
    await expect(section.getByRole("listitem")).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
