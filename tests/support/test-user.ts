/**
 * A subscriber a test made for itself, in every suite: what it signs in with, what the product shows of it, and its
 * session when one was opened through the API. The integration factory (factories.ts createTestUser) and the e2e
 * stack's local state (tests/e2e/support/local-state.ts createUser) both answer with one.
 */
import type { Credentials } from "./stack-client";

export interface TestUser extends Credentials {
  userId: string;
  email: string;
  /** The mobile number as stored; null for an account made without one. */
  phone: string | null;
  firstName: string;
  lastName: string;
  /** Cookie header value of a session opened through the API; "" when none was (the e2e tests sign in in the browser). */
  cookie: string;
}
