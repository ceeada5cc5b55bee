/** What the bot answers in a thread when a reply there does not reach the customer. */
export const THREAD_NOTICES = {
  not_an_admin: (adminId: string) =>
    `<@${adminId}> only the support admins' replies in this thread reach the customer; ` +
    'yours was not sent.',
  closed: () =>
    'This escalation is resolved: the first admin reply went to the customer and the assistant ' +
    'has the conversation again. Later replies here are not sent.',
  foreign_link: (hosts: string) =>
    `Your reply was not sent: it links to or names ${hosts}, and answers to customers may only ` +
    "link to the shop's own hosts (REPLY_LINK_HOSTS). Reply again without it.",
  files_not_sent: (files: string) =>
    `The customer cannot open files shared here (${files}): only the text of a reply reaches ` +
    'them. Describe what the file says in the reply.',
  withdrawn: () =>
    'The customer withdrew this request and is back with the assistant; their next messages ' +
    'are not posted here. A reply here still reaches them, in this conversation, as the answer ' +
    'to the question above.',
} as const;

export type ThreadNotice = keyof typeof THREAD_NOTICES;

/** What the bot posts in a thread when an admin claims or releases its escalation in the console. */
export const CLAIM_NOTICES = {
  claimed: (adminId: string) =>
    `${adminId} is handling this (claimed in the admin console); other admins' console replies ` +
    'are refused until it is released.',
  claim_released: (adminId: string) =>
    `${adminId} is no longer handling this; any admin may claim it in the admin console.`,
} as const;

/** What the bot posts in a thread about a reply's delivery on the customer's channel (WhatsApp). */
export const DELIVERY_NOTICES = {
  template: (template: { name: string; language: string }, cut: boolean) =>
    "The customer's 24-hour WhatsApp window had closed, so the reply went out as the approved " +
    `template \`${template.name}\` (${template.language})` +
    (cut ? ', cut to fit it: the customer reads its beginning.' : '.'),
  failed: (reply: { kind: string; error: { code: string; title: string; details?: string } }) =>
    `${reply.kind === 'human' ? 'The reply' : "The assistant's reply"} did not reach the customer ` +
    `on WhatsApp (${reply.error.code}: ${reply.error.title}` +
    `${reply.error.details ? ` — ${reply.error.details}` : ''}). It is recorded; the customer ` +
    'has not seen it.',
} as const;
