/**
 * A knowledge gap's id: the escalation id of its earliest question. Gaps are grouped from the
 * escalations on every read, and the earliest question of a group does not change as later
 * questions join it, so a draft keeps naming the same gap (also after a replay).
 */
export const GAP_ID_PATTERN = /^[0-9a-f-]{36}$/;

/** Where a knowledge-base document version came from. */
export const DOCUMENT_SOURCES = ['files', 'admin_console'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

/** Where an admin started a draft: the console's gaps page or Slack's message shortcut. */
export const DRAFT_ORIGINS = ['console', 'slack'] as const;
export type DraftOrigin = (typeof DRAFT_ORIGINS)[number];
