// Build time: scripts/vite-content.ts replaces this module with the checked data, as plain JavaScript (one
// constant per name below). Anywhere else (tsx scripts, Playwright): it reads the content files itself.
import { contentModule } from "../load";

export const { offline } = contentModule("offline-messages");
