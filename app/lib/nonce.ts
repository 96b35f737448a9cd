/** The CSP nonce of the current document render (set by entry.server; empty in the browser, which hides nonces). */
import { createContext, useContext } from "react";

export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
