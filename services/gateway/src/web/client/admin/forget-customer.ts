// "Forget customer" (right to erasure): the admin names a customer (or picks one from a card),
// confirms in a second step that says what cannot be undone, and the page calls
// POST admin/customers/:id/forget with their token. The result says what was destroyed.
import { byId } from '../shared/dom.js';
import type { PageText } from '../shared/i18n.js';
import { CONSOLE } from './session.js';

/** What the gateway answers: the `customer.forgotten` payload. */
interface Forgotten {
  readonly customerId: string;
  readonly keyIds: readonly string[];
  readonly conversationIds: readonly string[];
}

export class ForgetCustomer {
  private readonly ui = {
    open: byId('forget-open', HTMLButtonElement),
    dialog: byId('forget-dialog', HTMLDialogElement),
    ask: byId('forget-ask', HTMLFormElement),
    customerId: byId('forget-customer-id', HTMLInputElement),
    confirm: byId('forget-confirm', HTMLFormElement),
    warning: byId('forget-warning'),
    result: byId('forget-result'),
    cancels: document.querySelectorAll<HTMLButtonElement>('#forget-dialog .forget-cancel'),
  };

  constructor(
    private readonly text: PageText,
    private readonly token: () => string | null,
  ) {
    this.ui.open.addEventListener('click', () => this.start(''));
    this.ui.ask.addEventListener('submit', (event) => {
      event.preventDefault();
      const customerId = this.ui.customerId.value.trim();
      if (customerId) this.askToConfirm(customerId);
    });
    this.ui.confirm.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.forget(this.ui.confirm.dataset.customerId ?? '');
    });
    for (const cancel of this.ui.cancels)
      cancel.addEventListener('click', () => this.ui.dialog.close());
  }

  /** Shown once an admin is signed in: only admin tokens may forget. */
  set available(available: boolean) {
    this.ui.open.hidden = !available;
    if (!available && this.ui.dialog.open) this.ui.dialog.close();
  }

  /** Opens the first step, the customer id filled in when the admin came from a card. */
  start(customerId: string): void {
    this.ui.customerId.value = customerId;
    this.show('ask');
    this.ui.dialog.showModal();
    if (customerId) this.askToConfirm(customerId);
    else this.ui.customerId.focus();
  }

  private askToConfirm(customerId: string): void {
    this.ui.confirm.dataset.customerId = customerId;
    this.text.label(this.ui.warning, 'admin.forget.warning', { customer: customerId });
    this.show('confirm');
  }

  private async forget(customerId: string): Promise<void> {
    const button = this.ui.confirm.querySelector('button[type="submit"]') as HTMLButtonElement;
    button.disabled = true;
    try {
      const response = await fetch(
        new URL(`customers/${encodeURIComponent(customerId)}/forget`, CONSOLE),
        { method: 'POST', headers: { Authorization: `Bearer ${this.token() ?? ''}` } },
      );
      if (!response.ok) {
        this.showResult('failed', 'admin.forget.failed', { status: response.status });
        return;
      }
      const forgotten = (await response.json()) as Forgotten;
      this.showResult('done', 'admin.forget.done', {
        customer: forgotten.customerId,
        keys: forgotten.keyIds.length,
        conversations: forgotten.conversationIds.length,
      });
    } catch {
      this.showResult('failed', 'admin.forget.failed', { status: 0 });
    } finally {
      button.disabled = false;
    }
  }

  private showResult(
    outcome: 'done' | 'failed',
    id: 'admin.forget.done' | 'admin.forget.failed',
    values: Record<string, string | number>,
  ): void {
    this.ui.result.dataset.outcome = outcome;
    this.text.label(this.ui.result, id, values);
    this.show('result');
  }

  private show(step: 'ask' | 'confirm' | 'result'): void {
    this.ui.ask.hidden = step !== 'ask';
    this.ui.confirm.hidden = step !== 'confirm';
    this.ui.result.hidden = step !== 'result';
    byId('forget-done').hidden = step !== 'result';
  }
}
