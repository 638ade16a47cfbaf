/** The test server's documents key (issue 56): the specs open the papers it sealed with it. Tests only. */
export const e2eDocumentsKey = Buffer.alloc(32, 42).toString("base64");
