import { services as data } from "./data/services";
import type { ServicesContent } from "./schema";

/** The Services page (content/services.yaml). */
export const services: ServicesContent = data;
