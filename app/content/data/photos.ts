// Build time (and in Vitest): scripts/vite-content.ts replaces this module with the table of the copies made of
// each photo the content files name (scripts/photos.ts). Anywhere else (tsx scripts, Playwright) nothing renders
// a page, so the table is empty.
import type { PhotoCopies, PhotoName } from "../images";

export const photos: Partial<Record<PhotoName, PhotoCopies>> = {};
