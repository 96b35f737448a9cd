import { describe, expect, it } from "vitest";
import { refuseEndpointUrl } from "./endpoint-url";

const production = { localDevelopment: false };
const development = { localDevelopment: true };

describe("webhook endpoint addresses", () => {
  it("accepts HTTPS on public names and addresses", () => {
    for (const url of [
      "https://crm.example.se/hooks/urval",
      "https://hooks.example.com:8443/a?b=c",
      "https://8.8.8.8/x",
      "https://[2606:4700:4700::1111]/x",
      "https://example.se./x",
    ])
      expect(refuseEndpointUrl(url, production), url).toBeNull();
  });

  it("refuses plain http outside local development, and other schemes always", () => {
    expect(refuseEndpointUrl("http://crm.example.se/x", production)).toBe("NOT_HTTPS");
    expect(refuseEndpointUrl("http://crm.example.se/x", development)).toBe("NOT_HTTPS");
    for (const url of ["ftp://example.se/x", "javascript:alert(1)", "file:///etc/passwd", "data:text/plain,x", "not a url", ""])
      expect(refuseEndpointUrl(url, production), url).toBe("INVALID");
  });

  it("refuses credentials in the address", () => {
    expect(refuseEndpointUrl("https://user:pass@example.se/x", production)).toBe("CREDENTIALS");
  });

  it("refuses private, loopback, link-local and reserved space in every spelling the parser accepts", () => {
    for (const url of [
      "https://127.0.0.1/x",
      "https://127.1/x",
      "https://2130706433/x",
      "https://0x7f.0.0.1/x",
      "https://0177.0.0.1/x",
      "https://0.0.0.0/x",
      "https://10.1.2.3/x",
      "https://172.16.0.1/x",
      "https://172.31.255.255/x",
      "https://192.168.1.1/x",
      "https://169.254.169.254/latest/meta-data",
      "https://100.64.0.1/x",
      "https://224.0.0.1/x",
      "https://255.255.255.255/x",
      "https://[::1]/x",
      "https://[::]/x",
      "https://[fe80::1]/x",
      "https://[fd00::1]/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://[::ffff:10.0.0.1]/x",
      "https://[64:ff9b::a9fe:a9fe]/x",
      "https://[2002:c0a8:101::1]/x",
      "https://localhost/x",
      "https://api.localhost/x",
      "https://printer.local/x",
      "https://db.internal/x",
      "https://intranet/x",
    ])
      expect(refuseEndpointUrl(url, production), url).toBe("PRIVATE_ADDRESS");
  });

  it("allows a loopback receiver in local development only, and nothing else private there", () => {
    expect(refuseEndpointUrl("http://127.0.0.1:9999/hook", development)).toBeNull();
    expect(refuseEndpointUrl("http://localhost:9999/hook", development)).toBeNull();
    expect(refuseEndpointUrl("http://127.0.0.1:9999/hook", production)).toBe("NOT_HTTPS");
    expect(refuseEndpointUrl("https://127.0.0.1:9999/hook", production)).toBe("PRIVATE_ADDRESS");
    expect(refuseEndpointUrl("https://10.0.0.1/hook", development)).toBe("PRIVATE_ADDRESS");
    expect(refuseEndpointUrl("http://169.254.169.254/", development)).toBe("NOT_HTTPS");
  });

  it("refuses over-long addresses and control characters", () => {
    expect(refuseEndpointUrl(`https://example.se/${"a".repeat(2000)}`, production)).toBe("INVALID");
    expect(refuseEndpointUrl("https://example.se/a\nb", production)).toBe("INVALID");
  });
});
