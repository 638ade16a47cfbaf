/** A refusal with the status and the message the visitor's browser receives as { success: false, message }. */
export class InboxError extends Error {
  override name = "InboxError";
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
