import { z } from "zod";
import { pagePaths, type AppPath } from "../lib/paths";
import { illustrationNames } from "./illustrations";
import { priceFormat } from "./price";

export { aed, priceAmount } from "./price";

export { cardRating } from "./constants";

/* ------------------------------------------------------------------------------------------------
 * Prices. One display style everywhere: "AED 190.00", "AED 1,490.00" (thousands separator, two
 * decimals). Records write prices with `aed(amount)` so the style cannot drift.
 * ---------------------------------------------------------------------------------------------- */

export const priceSchema = z.string().regex(priceFormat, 'a price such as "AED 190.00" or "AED 1,490.00"');
/** A price, or "" where a grid row shows text instead of a price. */
export const optionalPriceSchema = z.union([priceSchema, z.literal("")]);

/* ------------------------------------------------------------------------------------------------
 * Shared field schemas.
 * ---------------------------------------------------------------------------------------------- */

export const illustrationNameSchema = z.enum(illustrationNames);

export const appPathSchema = z.custom<AppPath>(
  (value) => typeof value === "string" && (pagePaths as readonly string[]).includes(value),
  "a path from the path registry (app/lib/paths.ts)",
);

const text = z.string().min(1);
const paragraphs = z.array(text);

/* ------------------------------------------------------------------------------------------------
 * Spec §3 entities.
 * ---------------------------------------------------------------------------------------------- */

/** Home carousel slide: title is the heading, title2 the subtitle, title3 the tagline. */
export const bannerSlideSchema = z.object({
  id: z.number().int().positive(),
  image: illustrationNameSchema,
  /** Alt text of the image; "" when the image is decorative. */
  imageAlt: z.string(),
  title: text,
  title2: text,
  title3: text,
});
export type BannerSlide = z.infer<typeof bannerSlideSchema>;

/** Featured service card. `title` is the category, `name` the product; every card shows `cardRating`. */
export const productCardSchema = z.object({
  id: z.number().int().positive(),
  name: text,
  title: text,
  price: priceSchema,
  image: illustrationNameSchema,
  link: appPathSchema,
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const whyChooseIcons = ["shield-check", "headset", "lock", "smile"] as const;
export type WhyChooseIcon = (typeof whyChooseIcons)[number];

export const whyChooseItemSchema = z.object({
  icon: z.enum(whyChooseIcons),
  title: text,
  description: text,
});
export type WhyChooseItem = z.infer<typeof whyChooseItemSchema>;

/** Overview price row: a service, its price and the detail page its View Details button opens. */
export const priceRowSchema = z.object({
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
  .object({
    id: z.number().int().positive(),
    title: text,
    content: z.string(),
    price: optionalPriceSchema,
  })
  .refine((row) => row.content !== "" || row.price !== "", "a grid row needs content, a price or both");
export type VisaType = z.infer<typeof visaTypeSchema>;

const detailBaseShape = {
  id: z.number().int().nonnegative(),
  image: illustrationNameSchema,
  title: z.string(),
  /** Overview paragraphs. */
  content: z.array(z.string()),
  subTitle: z.string(),
  /** Heading of the price section. */
  title2: z.string(),
  /** Documents required: heading and checklist lines. */
  title3: z.string(),
  content3: z.array(z.string()),
  /** Important information sections: heading and paragraphs. 5-7 are optional. */
  title4: z.string(),
  content4: z.array(z.string()),
  title5: z.string().optional(),
  content5: z.array(z.string()).optional(),
  title6: z.string().optional(),
  content6: z.array(z.string()).optional(),
  title7: z.string().optional(),
  content7: z.array(z.string()).optional(),
};

/** Overview pages (tourist visa 1, visa change 1): a list of price rows with View Details links. */
export const overviewDetailRecordSchema = z.object({
  ...detailBaseShape,
  kind: z.literal("overview"),
  priceRows: z.array(priceRowSchema),
});

/** Every other detail page: a two-column grid of title/content or title/price pairs. */
export const gridDetailRecordSchema = z.object({
  ...detailBaseShape,
  kind: z.literal("grid"),
  visaTypes: z.array(visaTypeSchema),
});

/** Spec §3 "Detail record". Tell the two layouts apart by `kind`. */
export const detailRecordSchema = z.discriminatedUnion("kind", [overviewDetailRecordSchema, gridDetailRecordSchema]);
export type OverviewDetailRecord = z.infer<typeof overviewDetailRecordSchema>;
export type GridDetailRecord = z.infer<typeof gridDetailRecordSchema>;
export type DetailRecord = z.infer<typeof detailRecordSchema>;

/**
 * A detail record as written in app/content/details: every text present (the stricter check the
 * content test applies; the empty record passes only the plain schema).
 */
export const filledDetailRecordSchema = z
  .discriminatedUnion("kind", [
    overviewDetailRecordSchema.extend({ priceRows: z.array(priceRowSchema).min(1) }),
    gridDetailRecordSchema.extend({ visaTypes: z.array(visaTypeSchema).min(1) }),
  ])
  .superRefine((record, ctx) => {
    const required = [record.title, record.subTitle, record.title2, record.title3, record.title4];
    if (required.some((value) => value.trim() === "")) ctx.addIssue({ code: "custom", message: "empty heading" });
    if (record.content.length === 0 || record.content4.length === 0) {
      ctx.addIssue({ code: "custom", message: "overview and important information need paragraphs" });
    }
    for (const n of [5, 6, 7] as const) {
      const title = record[`title${n}`];
      const content = record[`content${n}`];
      if ((title === undefined) !== (content === undefined)) {
        ctx.addIssue({ code: "custom", message: `title${n} and content${n} go together` });
      }
    }
  });

export { emptyDetailRecord, firstVisaTypePrice, infoSections, type InfoSection } from "./details/helpers";

/* ------------------------------------------------------------------------------------------------
 * Page blocks: Home, About, Services, Contact.
 * ---------------------------------------------------------------------------------------------- */

/** An illustration with its alt text ("" when decorative). */
export const pictureSchema = z.object({ image: illustrationNameSchema, alt: z.string() });
export type Picture = z.infer<typeof pictureSchema>;

export const textBlockSchema = z.object({ heading: text, paragraphs: paragraphs.min(1) });
export type TextBlock = z.infer<typeof textBlockSchema>;

/** Home "About" block: headline, text and three images. */
export const homeAboutSchema = z.object({
  headline: text,
  paragraphs: paragraphs.min(1),
  images: z.tuple([pictureSchema, pictureSchema, pictureSchema]),
});
export type HomeAbout = z.infer<typeof homeAboutSchema>;

/** About page service category card. */
export const categoryCardSchema = z.object({
  title: text,
  text,
  image: illustrationNameSchema,
  link: appPathSchema,
});
export type CategoryCard = z.infer<typeof categoryCardSchema>;

export const aboutContentSchema = z.object({
  heading: text,
  paragraphs: paragraphs.min(1),
  picture: pictureSchema,
  categoriesHeading: text,
  categories: z.array(categoryCardSchema).length(4),
  motto: z.object({ heading: text, text }),
});
export type AboutContent = z.infer<typeof aboutContentSchema>;

/** Services page section; `link` (optional) points to the matching detail page. */
export const serviceSectionSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, "a slug usable as an HTML id"),
  heading: text,
  paragraphs: paragraphs.min(1),
  picture: pictureSchema,
  link: z.object({ label: text, to: appPathSchema }).optional(),
});
export type ServiceSection = z.infer<typeof serviceSectionSchema>;

export const servicesContentSchema = z.object({
  heading: text,
  intro: text,
  sections: z.array(serviceSectionSchema).min(1),
});
export type ServicesContent = z.infer<typeof servicesContentSchema>;

/** Contact page info card. The address, e-mail and phone themselves come from the site settings. */
export const contactCardKinds = ["office", "email", "phone"] as const;
export type ContactCardKind = (typeof contactCardKinds)[number];
export const contactCardSchema = z.object({ kind: z.enum(contactCardKinds), heading: text, text });
export type ContactCard = z.infer<typeof contactCardSchema>;
