/** Where the kept enquiries are (kept-enquiry.ts). Bump the version when their shape changes: old ones are ignored. */
export const keptStorageKey = "karama:kept-enquiries:v1";
