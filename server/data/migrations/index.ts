import { enquiries } from "./001-enquiries";
import { outboxStatuses } from "./002-outbox-statuses";
import { sharedState } from "./003-shared-state";
import { office } from "./004-office";
import { chores } from "./005-chores";
import { statistics } from "./006-statistics";
import { sessionPasskeys } from "./007-session-passkeys";
import { statSources } from "./008-stat-sources";
import { visaLabels } from "./009-visa-labels";
import { phoneNumbers } from "./010-phone-numbers";
import { byHand } from "./011-by-hand";
import { enquiryViews } from "./012-enquiry-views";
import { searchIndexes } from "./013-search-indexes";
import { push } from "./014-push";
import { nextSteps } from "./015-next-steps";
import { submissionKeys } from "./016-submission-keys";
import { campaignLinks } from "./017-campaign-links";
import { cases } from "./018-cases";
import { caseFollowUp } from "./019-case-follow-up";
import { invoices } from "./020-invoices";
import { payments } from "./021-payments";
import { casePassport } from "./022-case-passport";
import type { Migration } from "./migration";

export type { Migration } from "./migration";

/** Every migration, in order: a new one is a file `NNN-name.ts` of its own, added at the end here. */
export const migrations: readonly Migration[] = [
  enquiries,
  outboxStatuses,
  sharedState,
  office,
  chores,
  statistics,
  sessionPasskeys,
  statSources,
  visaLabels,
  phoneNumbers,
  byHand,
  enquiryViews,
  searchIndexes,
  push,
  nextSteps,
  submissionKeys,
  campaignLinks,
  cases,
  caseFollowUp,
  invoices,
  payments,
  casePassport,
];
