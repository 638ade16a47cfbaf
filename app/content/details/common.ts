/** Checklist lines and headings shared by several detail pages, so they read the same everywhere. */
export const documentsHeading = "Documents Required";
export const importantHeading = "Important Information";
export const processingHeading = "Processing Time";

export const passportCopy = "Clear colour copy of your passport, valid for at least 6 months";
export const passportPhoto = "Passport-size photo with a white background";
export const currentVisaCopy = "Copy of your current UAE visa or entry stamp";

export const standardProcessing =
  "Standard processing takes 2-3 working days from the day we receive complete documents. Weekends and public holidays can add time, so apply early.";
export const approvalNote =
  "The visa is issued by the UAE immigration authorities. We check your documents before we submit them, but approval is their decision and the fee covers the application.";
