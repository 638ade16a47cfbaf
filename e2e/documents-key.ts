/**
 * The e2e server's documents key (issue 56): set, so that the server makes no key file beside its temporary inbox;
 * the specs that open papers use their office's own (e2e/own-server.ts, a key file beside its database).
 */
export const e2eDocumentsKey = Buffer.alloc(32, 42).toString("base64");
