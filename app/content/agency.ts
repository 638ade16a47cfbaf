/** Facts about the agency that the layout shows on every page (spec §1). */
export const openingHours = "Mon - Sat, 10.00 am to 10.00 pm";
export const officeAddress = { locality: "Al Karama", city: "Dubai", country: "United Arab Emirates" };
export const whatsappGreeting = "Hello! I would like to enquire about your visa and travel services.";
