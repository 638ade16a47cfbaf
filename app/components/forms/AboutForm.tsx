import { EnquiryForm } from "./EnquiryForm";

export interface AboutFormProps {
  /** The visible heading; the About page's is "Inquiry Now". */
  title?: string;
}

/**
 * The About page's "Inquiry Now" form. The spec's kept local state only and sent nothing, so a visitor's enquiry was
 * lost without a word (issue 35, item 1). It is now the enquiry form: the same fields, checks, messages, states,
 * spam guard and inbox, its draft kept apart from the other pages' ("about").
 */
export function AboutForm({ title = "Inquiry Now" }: AboutFormProps) {
  return <EnquiryForm variant="about" title={title} />;
}
