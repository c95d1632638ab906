import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext<string>("");

/**
 * Hands this response's CSP nonce to the document (DESIGN.md §16, issue 8 item 8; Epic Stack's
 * `NonceProvider`). entry.server.tsx wraps `<RemixServer>` in it; the browser renders without it,
 * and its hidden `nonce` attributes read back as "" so hydration sees no mismatch.
 */
export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

/** The nonce for `<Scripts nonce>` and `<ScrollRestoration nonce>`: set on the server, "" in the browser. */
export function useNonce(): string {
  return useContext(NonceContext);
}
