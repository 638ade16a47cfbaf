import { createContext } from "react";

/**
 * Where the forms post, for the spam guard's challenge; null: the honeypot only. The app provides the endpoint
 * (app/root.tsx), so component tests see no challenge requests unless they provide one. Its own module: the root
 * (every page) needs only this, not the guard.
 */
export const SpamGuardEndpoint = createContext<string | null>(null);
