/** The largest request body accepted, multipart or JSON. */
export const bodyLimit = 64 * 1024;
/** More fields than either form sends (9 and 6), with room for a form service's extras. */
export const maxFields = 20;
