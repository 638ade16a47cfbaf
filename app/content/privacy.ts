import { privacy as data } from "./data/privacy";
import type { PrivacyContent } from "./schema";

/** The Privacy page (content/privacy.yaml). */
export const privacy: PrivacyContent = data;
