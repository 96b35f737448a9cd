import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newSigningSecret, SECRET_PREFIX, signedHeaders } from "./signature";

/** A receiver's check, written from the Standard Webhooks text with Node's crypto (not the code under test). */
function verifies(secret: string, headers: Record<string, string>, body: string): boolean {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  const expected = createHmac("sha256", key).update(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`).digest("base64");
  return headers["webhook-signature"]!.split(" ").some((entry) => entry === `v1,${expected}`);
}

describe("Standard Webhooks signatures", () => {
  it("makes whsec_ secrets of 24 random bytes", () => {
    const a = newSigningSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(newSigningSecret()).not.toBe(a);
  });

  it("signs id, timestamp and body so that a receiver's own check passes, and fails on any change", async () => {
    const secret = newSigningSecret();
    const body = JSON.stringify({ type: "bevakning.test", data: { name: "Åkeri AB" } });
    const headers = { ...(await signedHeaders("msg_abc", 1_800_000_000, body, [secret])) };
    expect(headers["webhook-id"]).toBe("msg_abc");
    expect(headers["webhook-timestamp"]).toBe("1800000000");
    expect(verifies(secret, headers, body)).toBe(true);
    expect(verifies(secret, headers, body.replace("Åkeri", "Akeri"))).toBe(false);
    expect(verifies(secret, { ...headers, "webhook-id": "msg_abd" }, body)).toBe(false);
    expect(verifies(secret, { ...headers, "webhook-timestamp": "1800000001" }, body)).toBe(false);
    expect(verifies(newSigningSecret(), headers, body)).toBe(false);
  });

  it("signs with both secrets during a rotation, so either verifies", async () => {
    const [current, previous] = [newSigningSecret(), newSigningSecret()];
    const headers = { ...(await signedHeaders("msg_x", 1, "{}", [current, previous])) };
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(verifies(current, headers, "{}")).toBe(true);
    expect(verifies(previous, headers, "{}")).toBe(true);
  });
});
