/** What the bot answers in a thread when a reply there does not reach the customer. */
export const THREAD_NOTICES = {
  not_an_admin: (adminId: string) =>
    `<@${adminId}> only the support admins' replies in this thread reach the customer; ` +
    'yours was not sent.',
  closed: () =>
    'This escalation is resolved: the first admin reply went to the customer and the assistant ' +
    'has the conversation again. Later replies here are not sent.',
} as const;

export type ThreadNotice = keyof typeof THREAD_NOTICES;
