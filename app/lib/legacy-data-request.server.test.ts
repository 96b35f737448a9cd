import { describe, expect, it } from "vitest";
import { refuseLegacyDataRequest } from "./legacy-data-request.server";

describe("refuseLegacyDataRequest", () => {
  it("answers a ?_data request with 400 before Remix and lets every other request through", async () => {
    const refused = refuseLegacyDataRequest(new URL("https://urval.example/logga-in?_data=root"));
    expect(refused?.status).toBe(400);
    expect(await refused?.text()).toBe("Ogiltig begäran.");
    expect(refuseLegacyDataRequest(new URL("https://urval.example/logga-in?till=%2Fsok"))).toBeNull();
    expect(refuseLegacyDataRequest(new URL("https://urval.example/_root.data"))).toBeNull();
  });
});
