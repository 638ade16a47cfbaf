// Imports of this folder carry .ts here: vite.config.ts loads this module (scripts/vite-content.ts), and
// Vite's config loader asks for extensions.
import { z } from "zod";
import { detailGroups, detailIds, pagePaths, type AppPath } from "../lib/paths.ts";
import { isIllustrationName, isPhotoName, photoExtensions, type ImageName } from "./images.ts";
import { illustrationNames } from "./illustrations.ts";
import { priceFormat } from "./price.ts";

export { aed, priceAmount } from "./price.ts";

export { cardRating } from "./constants.ts";

/* ------------------------------------------------------------------------------------------------
 * Prices. One display style everywhere: "AED 190.00", "AED 1,490.00" (thousands separator, two
 * decimals), written in the content files exactly as the pages show them.
 *
 * The schemas' messages start with "expected": app/content/load.ts shows them to whoever edits the
 * content files, after the file, the record and the field.
 * ---------------------------------------------------------------------------------------------- */

const priceExpected = "expected a price such as AED 190.00";
export const priceSchema = z.string({ error: priceExpected }).regex(priceFormat, { error: priceExpected });
/** A price, or "" where a grid row shows text instead of a price. */
export const optionalPriceSchema = z.union([priceSchema, z.literal("")], { error: priceExpected });

/* ------------------------------------------------------------------------------------------------
 * Shared field schemas.
 * ---------------------------------------------------------------------------------------------- */

export const illustrationNameSchema = z.enum(illustrationNames, {
  error: `expected the name of a picture: ${illustrationNames.join(", ")}`,
});

/**
 * A record's picture: a drawing's name, or a photo of content/images written `images/<file name>`. Whether the
 * photo is there and readable is checked when the photos are made (scripts/photos.ts).
 */
export const imageSchema = z.custom<ImageName>(
  (value) => typeof value === "string" && (isIllustrationName(value) || isPhotoName(value)),
  {
    error:
      `expected the name of a drawing (${illustrationNames.join(", ")}) or a photo of content/images such as ` +
      `images/office-front.jpg (${photoExtensions.map((extension) => `.${extension}`).join(", ")})`,
  },
);

export const appPathSchema = z.custom<AppPath>(
  (value) => typeof value === "string" && (pagePaths as readonly string[]).includes(value),
  { error: `expected the address of a page of the site, such as /about or /dubai-visa/1` },
);

const text = z.string({ error: "expected text" }).min(1, { error: "expected text (it is empty)" });
const paragraphs = z.array(text, { error: "expected a list of paragraphs" });
const optionalText = z.string({ error: "expected text" });
const lines = z.array(optionalText, { error: "expected a list of lines" });
const positiveId = z.number().int().positive();

/* ------------------------------------------------------------------------------------------------
 * The spec's entities.
 * ---------------------------------------------------------------------------------------------- */

/** Home carousel slide: title is the heading, title2 the subtitle, title3 the tagline. */
export const bannerSlideSchema = z.strictObject({
  id: positiveId,
  image: imageSchema,
  /** Alt text of the image; "" when the image is decorative. */
  imageAlt: optionalText,
  title: text,
  title2: text,
  title3: text,
});
export type BannerSlide = z.infer<typeof bannerSlideSchema>;

/** Featured service card. `title` is the category, `name` the product; every card shows `cardRating`. */
export const productCardSchema = z.strictObject({
  id: positiveId,
  name: text,
  title: text,
  price: priceSchema,
  image: imageSchema,
  link: appPathSchema,
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const whyChooseIcons = ["shield-check", "headset", "lock", "smile"] as const;
export type WhyChooseIcon = (typeof whyChooseIcons)[number];

export const whyChooseItemSchema = z.strictObject({
  icon: z.enum(whyChooseIcons),
  title: text,
  description: text,
});
export type WhyChooseItem = z.infer<typeof whyChooseItemSchema>;

/** Overview price row: a service, its price and the detail page its View Details button opens. */
export const priceRowSchema = z.strictObject({
  type: text,
  price: priceSchema,
  link: appPathSchema,
});
export type PriceRow = z.infer<typeof priceRowSchema>;

/**
 * Detail price row ("visa type"): one cell pair of the two-column grid. `title` is the label (Entry,
 * Validity, Stay, a package name…), `content` its text ("" when the row is a title/price pair) and
 * `price` a price string ("" when the row is a title/content pair).
 */
export const visaTypeSchema = z
  .strictObject({
    id: positiveId,
    title: text,
    content: optionalText,
    price: optionalPriceSchema,
  })
  .refine((row) => row.content !== "" || row.price !== "", {
    error: "expected content, a price or both (this row has neither)",
  });
export type VisaType = z.infer<typeof visaTypeSchema>;

const detailBaseShape = {
  id: z.number({ error: "expected the page number, 1 to 4" }).int().nonnegative(),
  image: imageSchema,
  title: optionalText,
  /** Overview paragraphs. */
  content: lines,
  subTitle: optionalText,
  /** Heading of the price section. */
  title2: optionalText,
  /** Documents required: heading and checklist lines. */
  title3: optionalText,
  content3: lines,
  /** Important information sections: heading and paragraphs. 5-7 are optional. */
  title4: optionalText,
  content4: lines,
  title5: optionalText.optional(),
  content5: lines.optional(),
  title6: optionalText.optional(),
  content6: lines.optional(),
  title7: optionalText.optional(),
  content7: lines.optional(),
};

/** Overview pages (tourist visa 1, visa change 1): a list of price rows with View Details links. */
export const overviewDetailRecordSchema = z.strictObject({
  ...detailBaseShape,
  kind: z.literal("overview"),
  priceRows: z.array(priceRowSchema),
});

/** Every other detail page: a two-column grid of title/content or title/price pairs. */
export const gridDetailRecordSchema = z.strictObject({
  ...detailBaseShape,
  kind: z.literal("grid"),
  visaTypes: z.array(visaTypeSchema),
});

const kindExpected = { error: "expected kind: overview (a list of prices) or kind: grid (a grid of rows)" };

/** The spec's entities "Detail record". Tell the two layouts apart by `kind`. */
export const detailRecordSchema = z.discriminatedUnion(
  "kind",
  [overviewDetailRecordSchema, gridDetailRecordSchema],
  kindExpected,
);
export type OverviewDetailRecord = z.infer<typeof overviewDetailRecordSchema>;
export type GridDetailRecord = z.infer<typeof gridDetailRecordSchema>;
export type DetailRecord = z.infer<typeof detailRecordSchema>;

const atLeastOneRow = { error: "expected at least one row" };

/**
 * A detail record as the content files write it: every text present (the empty record passes only the
 * plain schema).
 */
export const filledDetailRecordSchema = z
  .discriminatedUnion(
    "kind",
    [
      overviewDetailRecordSchema.extend({ priceRows: z.array(priceRowSchema).min(1, atLeastOneRow) }),
      gridDetailRecordSchema.extend({ visaTypes: z.array(visaTypeSchema).min(1, atLeastOneRow) }),
    ],
    kindExpected,
  )
  .superRefine((record, ctx) => {
    for (const field of ["title", "subTitle", "title2", "title3", "title4"] as const) {
      if (record[field].trim() === "") ctx.addIssue({ code: "custom", path: [field], message: "expected a heading" });
    }
    for (const field of ["content", "content4"] as const) {
      if (record[field].length === 0) {
        ctx.addIssue({ code: "custom", path: [field], message: "expected at least one paragraph" });
      }
    }
    for (const n of [5, 6, 7] as const) {
      const title = record[`title${n}`];
      const content = record[`content${n}`];
      if (title === undefined && content !== undefined) {
        ctx.addIssue({ code: "custom", path: [`title${n}`], message: `expected a heading for content${n}` });
      }
      if (title !== undefined && content === undefined) {
        ctx.addIssue({ code: "custom", path: [`content${n}`], message: `expected paragraphs under title${n}` });
      }
    }
  });

/* ------------------------------------------------------------------------------------------------
 * Page blocks: Home, About, Services, Contact.
 * ---------------------------------------------------------------------------------------------- */

/** An illustration with its alt text ("" when decorative). */
export const pictureSchema = z.strictObject({ image: imageSchema, alt: optionalText });
export type Picture = z.infer<typeof pictureSchema>;

export const textBlockSchema = z.strictObject({ heading: text, paragraphs: paragraphs.min(1) });
export type TextBlock = z.infer<typeof textBlockSchema>;

/** Home "About" block: headline, text and three images. */
export const homeAboutSchema = z.strictObject({
  headline: text,
  paragraphs: paragraphs.min(1),
  images: z.tuple([pictureSchema, pictureSchema, pictureSchema]),
});
export type HomeAbout = z.infer<typeof homeAboutSchema>;

/** About page service category card. */
export const categoryCardSchema = z.strictObject({
  title: text,
  text,
  image: imageSchema,
  link: appPathSchema,
});
export type CategoryCard = z.infer<typeof categoryCardSchema>;

export const aboutContentSchema = z.strictObject({
  heading: text,
  paragraphs: paragraphs.min(1),
  picture: pictureSchema,
  categoriesHeading: text,
  categories: z.array(categoryCardSchema).length(4),
  motto: z.strictObject({ heading: text, text }),
});
export type AboutContent = z.infer<typeof aboutContentSchema>;

/** The Privacy page: what the site keeps, in plain words; the contact details at its end come from the settings. */
export const privacyContentSchema = z.strictObject({
  title: text,
  intro: text,
  lastUpdated: text,
  sections: z.array(textBlockSchema).min(1),
  contactHeading: text,
  contactText: text,
});
export type PrivacyContent = z.infer<typeof privacyContentSchema>;

/** Services page section; `link` (optional) points to the matching detail page. */
export const serviceSectionSchema = z.strictObject({
  id: optionalText.regex(/^[a-z0-9-]+$/, { error: "expected a short name in small letters, digits and dashes" }),
  heading: text,
  paragraphs: paragraphs.min(1),
  picture: pictureSchema,
  link: z.strictObject({ label: text, to: appPathSchema }).optional(),
});
export type ServiceSection = z.infer<typeof serviceSectionSchema>;

export const servicesContentSchema = z.strictObject({
  heading: text,
  intro: text,
  sections: z.array(serviceSectionSchema).min(1),
});
export type ServicesContent = z.infer<typeof servicesContentSchema>;

/** Contact page info card. The address, e-mail and phone themselves come from the site settings. */
export const contactCardKinds = ["office", "email", "phone"] as const;
export type ContactCardKind = (typeof contactCardKinds)[number];
export const contactCardSchema = z.strictObject({ kind: z.enum(contactCardKinds), heading: text, text });
export type ContactCard = z.infer<typeof contactCardSchema>;

/* ------------------------------------------------------------------------------------------------
 * The content files (content/*.yaml), one schema each. app/content/load.ts numbers the rows of
 * slides, cards and price grids by their order before it checks them, so the files carry no row ids.
 * ---------------------------------------------------------------------------------------------- */

const atLeastOne = { error: "expected at least one item" };

export const linkSchema = z.strictObject({ title: text, link: appPathSchema });

/** content/site.yaml: what every page shows in its header and footer. */
export const siteFileSchema = z.strictObject({
  agency: z.strictObject({
    /** Written as the header shows it; the JSON-LD reads it back (app/lib/structured-data.ts). */
    openingHours: text,
    officeAddress: z.strictObject({ locality: text, city: text, country: text }),
    whatsappGreeting: text,
  }),
  /** The menu's first and last items; the service groups between them take the titles of their files. */
  menu: z.strictObject({ home: text, contact: text }),
  footer: z.strictObject({
    quickLinks: z.array(linkSchema).min(1, atLeastOne),
    visaGuide: z.array(linkSchema).min(1, atLeastOne),
  }),
});
export type SiteFile = z.infer<typeof siteFileSchema>;

export const visaOptionSchema = z.strictObject({ label: text, value: text });

/** Where an enquiry form sits: a detail page group, the Services page or the About page. */
export const enquiryVariants = [...detailGroups, "services", "about"] as const;

/** A message with no word in braces: only the call button's text has one, {phone}. */
const plainText = text.refine((value) => !/[{}]/.test(value), { error: "expected text without braces" });

/** content/enquiry-form.yaml: the visa type choices of the enquiry forms (the spec's states and business constants), and what
 * a form says when it keeps an enquiry on the phone for want of a network (issue 38). */
export const enquiryFormFileSchema = z.strictObject({
  placeholder: text,
  dubaiVisaOptions: z.array(visaOptionSchema).min(1, atLeastOne),
  generalVisaOptions: z.array(visaOptionSchema).min(1, atLeastOne),
  defaults: z.record(z.enum(enquiryVariants), text),
  offline: z.strictObject({
    kept: plainText,
    call: text.refine((value) => /^[^{}]*\{phone\}[^{}]*$/.test(value), {
      error: "expected {phone} once, where the phone number goes (and no other word in braces)",
    }),
    sent: plainText,
    notSent: plainText,
  }),
});

/** content/home.yaml. */
export const homeFileSchema = z.strictObject({
  slides: z.array(bannerSlideSchema).min(1, atLeastOne),
  about: homeAboutSchema,
  cards: z.array(productCardSchema).min(1, atLeastOne),
  travelAgency: textBlockSchema,
  whyChoose: z.strictObject({ heading: text, items: z.array(whyChooseItemSchema).min(1, atLeastOne) }),
});

/** content/contact.yaml. */
export const contactFileSchema = z.strictObject({
  page: z.strictObject({ title: text, formHeading: text, mapTitle: text }),
  cards: z.array(contactCardSchema).min(1, atLeastOne),
});

/** content/<group>.yaml: a service group's name (menu, banners, titles) and its pages 1-4, in order. */
export const detailGroupFileSchema = z
  .strictObject({ title: text, pages: z.array(filledDetailRecordSchema) })
  .superRefine((file, ctx) => {
    const ids = file.pages.map((page) => page.id);
    if (ids.join() !== detailIds.join()) {
      ctx.addIssue({
        code: "custom",
        path: ["pages"],
        message: `expected the pages ${detailIds.join(", ")} in this order, found ids ${ids.join(", ") || "none"}`,
      });
    }
  });
