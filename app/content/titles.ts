/**
 * The About and Services pages' titles (their banners and their <title>), typed here rather than in content/; a
 * module of its own, with nothing else in it, so the pages carry only these words (the office's list of all the
 * pages' titles is ./page-titles.ts).
 */
export const aboutTitle = "About Us";
export const servicesTitle = "Our Services";
