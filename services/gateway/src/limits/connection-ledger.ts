/**
 * The customer sockets open on every gateway replica. A connection counts while the replica that
 * holds it is alive; the sockets of a replica that died stop counting when its lease runs out.
 */
export interface ConnectionLedger {
  /**
   * Counts the customer's live connections and records a new one if `admit(live)` says so, under
   * a lock every replica honours. Returns the new connection's id, or null when not admitted.
   */
  open(customerId: string, admit: (live: number) => boolean): Promise<string | null>;

  /** Forgets a connection (the socket closed). */
  close(connectionId: string): Promise<void>;
}
