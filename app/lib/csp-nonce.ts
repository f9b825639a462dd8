import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the current response. Set on the server only;
 * in the browser the inline scripts have already run, so it is empty there.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce() {
  return useContext(CspNonceContext);
}
