import { z } from "zod";
import type { RouteSpec } from "./route-spec";
import { picks } from "./next-step-time";
import { tabs } from "./work";
import { type AppPath, pagePaths } from "../../app/lib/paths";
import { serviceKinds } from "../papers/checklist";
import { paperLimits } from "../papers/inspect";
import { caseStages } from "./cases";
import { paymentFormShape } from "./payments";

const formLimit = 64 * 1024;
const jsonLimit = 16 * 1024;

/** The largest id any table holds on both engines: PostgreSQL's integer. */
export const largestId = 2_147_483_647;

/** A row's id in an address or a query: digits only, no leading zero, within an integer column's range. */
const id = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(largestId));

/** A value the handler cuts to `keep` characters; anything longer than `most` is not a request a page sends. */
const text = (keep: number, most = 4 * keep) =>
  z
    .string()
    .max(most)
    .transform((value) => value.slice(0, keep));

/** A form's body, every field a single string: a repeated field arrives as a list and is refused. */
const form = <T extends z.ZodRawShape>(shape: T) => z.object({ csrf: z.string().max(200), ...shape });

/** A passkey ceremony's answer from the office's script. */
const ceremony = z.object({ challengeId: z.string().max(200), answer: z.unknown() });

const noBody = z.object({}).loose();

/** A case's paper in an address: 32 hex digits, as the store names it (server/data/cases/store.ts). */
const paperId = z.string().regex(/^[0-9a-f]{32}$/);

/**
 * The office's routes, the one list of its addresses: each row declares its access and schemas (route-spec.ts), and
 * one module under routes/ registers its handler; a row that none registers stops the office at start (plugin.tsx).
 */
export const officeRoutes = {
  asset: {
    method: "GET",
    url: "/office/assets/:name",
    access: "public",
    params: z.object({ name: z.string().max(100) }),
  },
  // The office as an app (issue 37): its service worker (scope /office/) and manifest, fetched by the browser itself.
  serviceWorker: { method: "GET", url: "/office/sw.js", access: "public" },
  manifest: { method: "GET", url: "/office/manifest.webmanifest", access: "public" },
  signInPage: { method: "GET", url: "/office/sign-in", access: "public" },
  signInOptions: {
    method: "POST",
    url: "/office/sign-in/options",
    access: "public",
    body: noBody,
    bodyLimit: jsonLimit,
    signInLimit: true,
  },
  signIn: {
    method: "POST",
    url: "/office/sign-in",
    access: "public",
    body: ceremony,
    bodyLimit: jsonLimit,
    signInLimit: true,
  },
  enrolPage: {
    method: "GET",
    url: "/office/enrol/:token",
    access: "public",
    params: z.object({ token: z.string().max(100) }),
  },
  enrolOptions: {
    method: "POST",
    url: "/office/enrol/options",
    access: "public",
    body: z.object({ token: z.string().max(100) }),
    bodyLimit: jsonLimit,
    signInLimit: true,
  },
  enrol: {
    method: "POST",
    url: "/office/enrol",
    access: "public",
    body: ceremony,
    bodyLimit: jsonLimit,
    signInLimit: true,
  },
  signOut: { method: "POST", url: "/office/sign-out", access: "staff", body: form({}), bodyLimit: formLimit },
  inbox: {
    method: "GET",
    url: "/office",
    access: "staff",
    query: z.object({
      // None: New, or every tab while searching (issue 35).
      // Or Due: the next steps due (issue 37), a list of its own, oldest first.
      tab: z.enum([...tabs, "due"]).optional(),
      q: text(200).default(""),
      service: text(200).default(""),
      before: id.optional(),
      // After an owner deleted held spam: how many (issue 35, item 6).
      deleted: z
        .string()
        .regex(/^[0-9]{1,7}$/)
        .transform(Number)
        .optional(),
    }),
  },
  // An enquiry added by hand: a walk-in, a phone call, a WhatsApp chat (issue 35, item 6).
  addPage: { method: "GET", url: "/office/add", access: "staff" },
  add: {
    method: "POST",
    url: "/office/add",
    access: "staff",
    body: form({
      name: z.string().max(1000).default(""),
      phone: z.string().max(200).default(""),
      email: z.string().max(1000).default(""),
      service: z.string().max(200).default(""),
      came: z.string().max(40).default(""),
      message: z.string().max(formLimit).default(""),
    }),
    bodyLimit: formLimit,
  },
  stats: {
    method: "GET",
    url: "/office/stats",
    access: "staff",
    query: z.object({ days: z.string().max(10).optional() }),
  },
  enquiry: { method: "GET", url: "/office/enquiries/:id", access: "staff", params: z.object({ id }) },
  stage: {
    method: "POST",
    url: "/office/enquiries/:id/stage",
    access: "staff",
    params: z.object({ id }),
    body: form({ stage: z.enum(["contacted", "awaiting", "won", "lost"]), reason: z.string().max(4000).default("") }),
    bodyLimit: formLimit,
  },
  note: {
    method: "POST",
    url: "/office/enquiries/:id/notes",
    access: "staff",
    params: z.object({ id }),
    body: form({ note: z.string().max(formLimit).default("") }),
    bodyLimit: formLimit,
  },
  phone: {
    method: "POST",
    url: "/office/enquiries/:id/phone",
    access: "staff",
    params: z.object({ id }),
    body: form({ phone: z.string().max(200).default("") }),
    bodyLimit: formLimit,
  },
  email: {
    method: "POST",
    url: "/office/enquiries/:id/email",
    access: "staff",
    params: z.object({ id }),
    body: form({ email: z.string().max(1000).default("") }),
    bodyLimit: formLimit,
  },
  // An enquiry's next step (issue 37): a quick pick, or a date and time typed (read as Dubai's), with a short note.
  nextStep: {
    method: "POST",
    url: "/office/enquiries/:id/next-step",
    access: "staff",
    params: z.object({ id }),
    body: form({
      // Enter in a field presses the form's first button, "Set" of the date and time.
      pick: z.enum(picks).default("date"),
      when: z.string().max(100).default(""),
      note: z.string().max(formLimit).default(""),
    }),
    bodyLimit: formLimit,
  },
  // The step done, or cleared: `step` is the moment of the one the page showed.
  finishStep: {
    method: "POST",
    url: "/office/enquiries/:id/next-step/finish",
    access: "staff",
    params: z.object({ id }),
    body: form({ how: z.enum(["done", "cleared"]), step: z.string().max(40) }),
    bodyLimit: formLimit,
  },
  markSpam: {
    method: "POST",
    url: "/office/enquiries/:id/spam",
    access: "staff",
    params: z.object({ id }),
    body: form({}),
    bodyLimit: formLimit,
  },
  reply: {
    method: "POST",
    url: "/office/enquiries/:id/replies",
    access: "staff",
    params: z.object({ id }),
    // text: the name of the ready text the tap sent (issue 37), as the page gave it; one of the file's, or nothing.
    body: z.object({ channel: z.enum(["call", "whatsapp", "email"]), text: z.string().max(200).optional() }),
    bodyLimit: jsonLimit,
  },
  notSpam: {
    method: "POST",
    url: "/office/enquiries/:id/not-spam",
    access: "staff",
    params: z.object({ id }),
    body: form({}),
    bodyLimit: formLimit,
  },
  resend: {
    method: "POST",
    url: "/office/enquiries/:id/resend",
    access: "staff",
    params: z.object({ id }),
    body: form({}),
    bodyLimit: formLimit,
  },
  // The traveller's case (issue 56): started from an enquiry, its private link, its papers, its stage, its visa.
  startCase: {
    method: "POST",
    url: "/office/enquiries/:id/case",
    access: "staff",
    params: z.object({ id }),
    body: form({ kind: z.enum(serviceKinds) }),
    bodyLimit: formLimit,
  },
  cases: {
    method: "GET",
    url: "/office/cases",
    access: "staff",
    query: z.object({ show: z.enum(["waiting", "open", "closed"]).optional() }),
  },
  case: {
    method: "GET",
    url: "/office/cases/:id",
    access: "staff",
    params: z.object({ id }),
    // The service's price the payment form starts from, when it has several (charges.yaml's name of it).
    query: z.object({ charges: z.string().max(200).optional() }),
  },
  // Payments (issue 58): asked for by anyone in the office, cancelled while unpaid; refunds by an owner alone.
  casePayment: {
    method: "POST",
    url: "/office/cases/:id/payments",
    access: "staff",
    params: z.object({ id }),
    body: form(paymentFormShape),
    bodyLimit: formLimit,
  },
  casePaymentCancel: {
    method: "POST",
    url: "/office/cases/:id/payments/:payment/cancel",
    access: "staff",
    params: z.object({ id, payment: id }),
    body: form({}),
    bodyLimit: formLimit,
  },
  casePaymentInvoice: {
    method: "POST",
    url: "/office/cases/:id/payments/:payment/invoice",
    access: "staff",
    params: z.object({ id, payment: id }),
    body: form({}),
    bodyLimit: formLimit,
  },
  casePaymentRefund: {
    method: "POST",
    url: "/office/cases/:id/payments/:payment/refund",
    access: "owner-fresh",
    params: z.object({ id, payment: id }),
    body: form({ amount: z.string().max(100).default(""), reason: z.string().max(4000).default("") }),
    bodyLimit: formLimit,
  },
  // An invoice's or credit note's PDF, as a download; logged in the audit log.
  caseInvoice: {
    method: "GET",
    url: "/office/cases/:id/invoices/:invoice",
    access: "staff",
    params: z.object({ id, invoice: id }),
  },
  caseLink: {
    method: "POST",
    url: "/office/cases/:id/link",
    access: "staff",
    params: z.object({ id }),
    body: form({}),
    bodyLimit: formLimit,
  },
  caseLinkStop: {
    method: "POST",
    url: "/office/cases/:id/link/stop",
    access: "staff",
    params: z.object({ id }),
    body: form({}),
    bodyLimit: formLimit,
  },
  caseStage: {
    method: "POST",
    url: "/office/cases/:id/stage",
    access: "staff",
    params: z.object({ id }),
    body: form({ stage: z.enum(caseStages), note: z.string().max(4000).default("") }),
    bodyLimit: formLimit,
  },
  // The passport read in the office from a photo that came another way (issue 57), or typed from it.
  casePassport: {
    method: "POST",
    url: "/office/cases/:id/passport",
    access: "staff",
    params: z.object({ id }),
    body: form({
      surname: z.string().max(100).default(""),
      givenNames: z.string().max(100).default(""),
      documentNumber: z.string().max(100).default(""),
      nationality: z.string().max(100).default(""),
      issuingState: z.string().max(100).default(""),
      birthDate: z.string().max(100).default(""),
      expiryDate: z.string().max(100).default(""),
      sex: z.string().max(10).default(""),
      lines: z.string().max(200).default(""),
      paper: z
        .string()
        .regex(/^(|[0-9a-f]{32})$/)
        .default(""),
    }),
    bodyLimit: formLimit,
  },
  // A paper's bytes: `thumb` (a small image on the case's page), `full` (the image in its own tab) or `download`.
  casePaper: {
    method: "GET",
    url: "/office/cases/:id/papers/:paper",
    access: "staff",
    params: z.object({ id, paper: paperId }),
    query: z.object({ as: z.enum(["thumb", "full", "download"]).default("thumb") }),
  },
  casePaperReview: {
    method: "POST",
    url: "/office/cases/:id/papers/:paper/review",
    access: "staff",
    params: z.object({ id, paper: paperId }),
    body: form({ verdict: z.enum(["accept", "return"]), reason: z.string().max(2000).default("") }),
    bodyLimit: formLimit,
  },
  // The visa PDF, or a paper that came another way: the file's bytes as they are, sent by the office's script.
  casePaperAdd: {
    method: "POST",
    url: "/office/cases/:id/papers",
    access: "staff",
    params: z.object({ id }),
    query: z.object({
      key: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
      name: z.string().max(400).default(""),
    }),
    bodyLimit: paperLimits.fileBytes,
  },
  me: {
    method: "GET",
    url: "/office/me",
    access: "staff",
    query: z.object({
      ended: z
        .string()
        .regex(/^[0-9]{1,4}$/)
        .transform(Number)
        .optional(),
      removed: z.literal("1").optional(),
    }),
  },
  signOutOthers: {
    method: "POST",
    url: "/office/me/sign-out-others",
    access: "staff",
    body: form({}),
    bodyLimit: formLimit,
  },
  // Alerts on this device (issue 37): its browser's push subscription, as PushSubscription.toJSON() gives it.
  alertsOn: {
    method: "POST",
    url: "/office/me/alerts",
    access: "staff",
    body: z.object({
      endpoint: z.string().min(1).max(1000),
      keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
    }),
    bodyLimit: jsonLimit,
  },
  alertsTest: {
    method: "POST",
    url: "/office/me/alerts/test",
    access: "staff",
    body: z.object({ endpoint: z.string().min(1).max(1000) }),
    bodyLimit: jsonLimit,
  },
  alertsOff: {
    method: "POST",
    url: "/office/me/alerts/off",
    access: "staff",
    body: z.object({ endpoint: z.string().min(1).max(1000) }),
    bodyLimit: jsonLimit,
  },
  addPasskeyOptions: {
    method: "POST",
    url: "/office/me/passkeys/options",
    access: "staff-fresh",
    body: noBody,
    bodyLimit: jsonLimit,
  },
  addPasskey: {
    method: "POST",
    url: "/office/me/passkeys",
    access: "staff-fresh",
    body: ceremony,
    bodyLimit: jsonLimit,
  },
  removeMyPasskey: {
    method: "POST",
    url: "/office/me/passkeys/remove",
    access: "staff-fresh",
    body: form({ passkey: z.string().min(1).max(1024) }),
    bodyLimit: formLimit,
  },
  confirmOptions: {
    method: "POST",
    url: "/office/confirm/options",
    access: "staff",
    body: noBody,
    bodyLimit: jsonLimit,
  },
  confirm: { method: "POST", url: "/office/confirm", access: "staff", body: ceremony, bodyLimit: jsonLimit },
  ownerHub: { method: "GET", url: "/office/owner", access: "owner" },
  team: { method: "GET", url: "/office/team", access: "owner" },
  invite: {
    method: "POST",
    url: "/office/team/invite",
    access: "owner-fresh",
    body: form({ name: z.string().max(1000).default(""), role: z.enum(["staff", "owner"]) }),
    bodyLimit: formLimit,
  },
  newLink: {
    method: "POST",
    url: "/office/team/:person/link",
    access: "owner-fresh",
    params: z.object({ person: id }),
    body: form({}),
    bodyLimit: formLimit,
  },
  setRole: {
    method: "POST",
    url: "/office/team/:person/role",
    access: "owner-fresh",
    params: z.object({ person: id }),
    body: form({ role: z.enum(["staff", "owner"]) }),
    bodyLimit: formLimit,
  },
  removePasskey: {
    method: "POST",
    url: "/office/team/:person/passkeys/remove",
    access: "owner-fresh",
    params: z.object({ person: id }),
    body: form({ passkey: z.string().min(1).max(1024) }),
    bodyLimit: formLimit,
  },
  revoke: {
    method: "POST",
    url: "/office/team/:person/revoke",
    access: "owner-fresh",
    params: z.object({ person: id }),
    body: form({}),
    bodyLimit: formLimit,
  },
  data: {
    method: "GET",
    url: "/office/data",
    access: "owner",
    query: z.object({
      email: text(200).default(""),
      phone: text(40).default(""),
      erased: z
        .string()
        .regex(/^[0-9]{1,7}$/)
        .transform(Number)
        .optional(),
    }),
  },
  /** The enquiries of a date range as a spreadsheet (.xlsx) or CSV: the button pressed sends `format`. */
  exportEnquiries: {
    method: "POST",
    url: "/office/data/export",
    access: "owner-fresh",
    body: form({
      from: z.string().max(40).default(""),
      to: z.string().max(40).default(""),
      format: z.enum(["xlsx", "csv"]).default("csv"),
    }),
    bodyLimit: formLimit,
  },
  erase: {
    method: "POST",
    url: "/office/data/erase",
    access: "owner-fresh",
    body: form({ email: text(200).default(""), phone: text(40).default("") }),
    bodyLimit: formLimit,
  },
  // An owner deletes held spam now, one or every one, rather than after 30 days (issue 35, item 6).
  deleteSpam: {
    method: "POST",
    url: "/office/spam/delete",
    access: "owner-fresh",
    body: form({ which: z.union([z.literal("all"), id]), sure: z.literal("yes").optional() }),
    bodyLimit: formLimit,
  },
  // Campaign links (issue 55): a page of the site with a tag, and its QR code, for a flyer or a shop window.
  campaigns: { method: "GET", url: "/office/campaigns", access: "owner" },
  makeCampaign: {
    method: "POST",
    url: "/office/campaigns",
    access: "owner",
    body: form({ name: z.string().max(1000).default(""), path: z.enum(pagePaths as [AppPath, ...AppPath[]]) }),
    bodyLimit: formLimit,
  },
  removeCampaign: {
    method: "POST",
    url: "/office/campaigns/:id/remove",
    access: "owner",
    params: z.object({ id }),
    body: form({}),
    bodyLimit: formLimit,
  },
  campaignQr: {
    method: "GET",
    url: "/office/campaigns/:id/:file",
    access: "owner",
    params: z.object({ id, file: z.enum(["qr.png", "qr.svg"]) }),
  },
  health: { method: "GET", url: "/office/health", access: "owner" },
  audit: { method: "GET", url: "/office/audit", access: "owner", query: z.object({ before: id.optional() }) },
  elsewhere: { method: "GET", url: "/office/*", access: "staff" },
  trailingSlash: { method: "GET", url: "/office/", access: "public" },
} as const satisfies Record<string, RouteSpec>;

export type OfficeRouteName = keyof typeof officeRoutes;
