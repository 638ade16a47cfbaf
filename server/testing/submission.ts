import type { Submission } from "../data/enquiries/types";

/**
 * A visitor's enquiry as the inbox stores it, for the tests of the inbox, the office, the statistics and the
 * commands: change only what a test is about.
 */
export const submission = (values: Partial<Submission>): Submission => ({
  kind: "enquiry",
  name: "Aisha Khan",
  email: "aisha@example.com",
  phone: "+971 50 123 4567",
  visaType: "Tourist Visa",
  date: "2026-12-20",
  adult: "2",
  child: "0",
  subject: "",
  message: "Two adults, 30 days please.",
  ...values,
});
