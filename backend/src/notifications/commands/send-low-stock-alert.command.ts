import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SIGNATURE } from '../domain/order-emails';
import { NOTIFIER, Notifier } from '../mail/notifier.port';

export interface LowStockLine {
  name: string;
  sku: string;
  stock: number;
}

/** The daily low-stock mail to the store admin (issue 21): once per store day, whatever sends it again. */
export class SendLowStockAlert extends Command<void> {
  constructor(
    /** The store day (YYYY-MM-DD, Sydney): the mail's key, so a day has one mail at most. */
    readonly day: string,
    readonly to: string,
    readonly threshold: number,
    readonly products: LowStockLine[],
  ) {
    super();
  }
}

@CommandHandler(SendLowStockAlert)
export class SendLowStockAlertHandler implements ICommandHandler<SendLowStockAlert> {
  constructor(@Inject(NOTIFIER) private readonly notifier: Notifier) {}

  async execute({ day, to, threshold, products }: SendLowStockAlert): Promise<void> {
    const count = `${products.length} product${products.length === 1 ? '' : 's'}`;
    const lines = products.map((product) => `  ${product.stock === 0 ? 'OUT OF STOCK' : `${product.stock} left`}  ${product.name} (${product.sku})`);
    await this.notifier.send({
      id: `low-stock-${day}`,
      to,
      subject: `Low stock on ${day}: ${count} at ${threshold} or fewer`,
      text: [
        'Hello,',
        '',
        `These active products have ${threshold} units or fewer in stock this morning, the fewest first:`,
        '',
        ...lines,
        '',
        'Adjust stock from the Products tab of the back office (Stock, with the reason).',
        '',
        SIGNATURE,
      ].join('\n'),
    });
  }
}
