/** Builders for the links that reach a person: WhatsApp chat, e-mail, telephone. */
export function whatsappHref(digits: string, text: string): string {
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}
