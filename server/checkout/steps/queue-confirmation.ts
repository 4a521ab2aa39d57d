import { mailOutbox } from '../../mail/outbox';
import { priced, written, type PlacementStep } from '../placement';

/**
 * Queues the confirmation mail in the order's transaction: the outbox sends only committed mail, so a rolled-back
 * placement never mails anyone and needs no undo.
 */
export const queueConfirmation: PlacementStep = {
  name: 'queueConfirmation',
  async run(p) {
    const order = written(p);
    const plans = priced(p)
      .insurance.filter((o) => o.insured)
      .map((o) => ({ name: o.name, quantity: o.quantity, subtotal: o.subtotal }));
    await mailOutbox.enqueue(p.tx, {
      ...p.input.mail(order, p.lines, plans),
      dedupeKey: `order-confirmation:${order.id}`,
    });
  },
};
