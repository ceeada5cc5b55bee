/**
 * Who may answer customers from a handoff thread. In Slack, anyone in the channel can reply in a
 * thread, so only the listed user ids (`SLACK_ADMIN_USER_IDS`) are relayed; the admin console signs
 * its admins in itself, so there everyone who got in is one.
 */
export class AdminAllowList {
  private constructor(private readonly ids: ReadonlySet<string> | null) {}

  static only(ids: readonly string[]): AdminAllowList {
    return new AdminAllowList(new Set(ids));
  }

  static signedInElsewhere(): AdminAllowList {
    return new AdminAllowList(null);
  }

  allows(adminId: string): boolean {
    return this.ids === null || this.ids.has(adminId);
  }
}
