/** What the API sends: an e-mail (one-time codes, contact messages to staff) or an SMS (one-time codes). */
export interface OutboundEmail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface OutboundSms {
  /** E.164, e.g. +46701234567 */
  to: string;
  text: string;
}

/** A delivery channel. Implementations: dev mailbox (D1), send_email binding, 46elks HTTP API. */
export interface Messenger {
  sendEmail(message: OutboundEmail): Promise<void>;
  sendSms(message: OutboundSms): Promise<void>;
}
