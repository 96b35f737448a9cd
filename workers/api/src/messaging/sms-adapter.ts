import { AppError } from "#shared/errors";
import type { OutboundSms } from "./outbound-message";

/**
 * SMS through an HTTP gateway with 46elks' API shape: POST <url> (https://api.46elks.com/a1/sms), HTTP Basic auth
 * with the API username and password, form fields from, to, message; 200 with JSON { id, status: "created", … }.
 */
export interface SmsGatewayConfig {
  url: string;
  username: string;
  password: string;
  sender: string;
}

const TIMEOUT_MS = 10_000;

export function createSmsSender(config: SmsGatewayConfig, fetcher: typeof fetch = fetch) {
  const authorization = `Basic ${btoa(`${config.username}:${config.password}`)}`;
  return async (message: OutboundSms): Promise<void> => {
    const body = new URLSearchParams({ from: config.sender, to: message.to, message: message.text });
    let response: Response;
    try {
      response = await fetcher(config.url, {
        method: "POST",
        headers: { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded" },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (cause) {
      throw new AppError("SMS_SEND_FAILED", 502, "SMS gateway unreachable", { expose: false, cause });
    }
    const text = await response.text();
    if (!response.ok) {
      throw new AppError("SMS_SEND_FAILED", 502, `SMS gateway answered ${response.status}: ${text.slice(0, 200)}`, { expose: false });
    }
    let status: unknown;
    try {
      status = (JSON.parse(text) as { status?: unknown }).status;
    } catch (cause) {
      throw new AppError("SMS_SEND_FAILED", 502, "SMS gateway answer is not JSON", { expose: false, cause });
    }
    if (status !== "created") throw new AppError("SMS_SEND_FAILED", 502, `SMS gateway status ${String(status)}`, { expose: false });
  };
}
