/**
 * Where the kept enquiries are (kept-enquiry.ts): one localStorage item each, named by this and the form it came from
 * ("enquiry:<variant>", "contact"). Bump the version when their shape changes: old ones are then ignored.
 */
export const keptKeyPrefix = "karama:kept-enquiry:v1:";
