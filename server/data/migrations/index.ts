import type { Kysely } from "kysely";
import type { Engine } from "../open";
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

/**
 * One migration, for both engines: written with the query builder, so that the same code makes the same tables on
 * SQLite and PostgreSQL; where their DDL must differ (an identity column, rebuilding a table SQLite cannot alter)
 * it says so on `engine`. Applied in order, each once (server/data/migrate.ts).
 */
export interface Migration {
  version: number;
  name: string;
  // The tables as they are at this migration are not the Schema type's (which is the latest): untyped here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own Migration type does the same.
  up(db: Kysely<any>, engine: Engine): Promise<void>;
}

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
];
