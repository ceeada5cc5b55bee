import { AppError } from '@support/platform/pure';
import type { ConnectionLedger } from './connection-ledger.js';

/** An admitted customer socket; `release` when it closes (once is enough, more are ignored). */
export interface AdmittedConnection {
  release(): Promise<void>;
}

/**
 * At most `cap` open sockets per customer across every gateway replica. This replica's own count
 * (sockets it holds or is admitting) is checked first: at the cap here, the customer is at the
 * cap everywhere, and a burst of upgrades on one token is refused without asking the ledger.
 */
export class CustomerConnectionCap {
  private readonly mine = new Map<string, number>();

  constructor(
    private readonly ledger: ConnectionLedger,
    private readonly cap: number,
  ) {}

  async admit(customerId: string): Promise<AdmittedConnection> {
    if ((this.mine.get(customerId) ?? 0) >= this.cap) throw this.refusal();
    this.count(customerId, +1);
    let connectionId: string | null = null;
    try {
      connectionId = await this.ledger.open(customerId, (live) => live < this.cap);
    } finally {
      if (connectionId === null) this.count(customerId, -1);
    }
    if (connectionId === null) throw this.refusal();
    const id = connectionId;
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        this.count(customerId, -1);
        await this.ledger.close(id);
      },
    };
  }

  private count(customerId: string, delta: number): void {
    const next = (this.mine.get(customerId) ?? 0) + delta;
    if (next > 0) this.mine.set(customerId, next);
    else this.mine.delete(customerId);
  }

  private refusal(): AppError {
    return new AppError(
      'rate_limited',
      `Too many open connections for this customer (at most ${this.cap}); close a tab and try again`,
    );
  }
}
