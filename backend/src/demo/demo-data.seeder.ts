import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CreateCategory, CreateProduct } from '../catalogue/commands/public';
import { GrantRole, RegisterUser } from '../identity/commands/public';
import { PublishGeneratedImage } from '../media/commands/public';
import { CreateReferralCode } from '../ordering/commands/public';
import { UserQueries } from '../../../projections/identity/user.queries';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, demoProductImageSvg } from './demo-catalogue';
import { systemContext } from '../shared/event-sourcing/command-context';
import { EVENT_STORE, EventStore, WrongExpectedRevisionError } from '../storage/event-store/event-store.port';
import { CommandContext } from '../shared/event-sourcing/command-context';
import { ConflictError } from '../shared/errors';
import { DEMO_DATA_STREAM, DemoDataClaimed } from './contract/demo.events';

/** Rounds of looking the configured administrator up after another instance registered it first. */
const ADMIN_ATTEMPTS = 20;

export const DEMO_REFERRAL_CODE = { code: 'RESEARCH5', discountPercentage: 5 } as const;

import { DEMO_ADMIN } from './contract/demo-admin';

export { DEMO_ADMIN };

/**
 * Fills an empty store through the same commands the back office uses, so the demo
 * data has a real history in the log. A store that has any event is never touched.
 */
@Injectable()
export class DemoDataSeeder {
  private readonly logger = new Logger('DemoData');

  constructor(
    private readonly commands: CommandBus,
    private readonly users: UserQueries,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async seedIfEmpty(withDemoAdmin: boolean): Promise<boolean> {
    if ((await this.eventStore.headPosition()) !== null) return false;
    const context = systemContext();
    if (!(await this.claim(context))) return false;
    // Every product gets a picture of its own, through the same image pipeline as an upload. They are
    // encoded (off the main thread) while the categories are written, each awaited by its product.
    const images = DEMO_PRODUCTS.map((product) => {
      const category = DEMO_CATEGORIES.find((candidate) => candidate.key === product.category)!;
      return this.commands.execute(new PublishGeneratedImage(demoProductImageSvg(product, category), `${category.container} label of ${product.name}`, context));
    });
    // Each is awaited below; until then a failure must not count as unhandled.
    for (const image of images) image.catch(() => undefined);
    const categoryIds = new Map<string, number>();
    for (const category of DEMO_CATEGORIES) {
      const { categoryId } = await this.commands.execute(new CreateCategory(category.name, category.description, context));
      categoryIds.set(category.key, categoryId);
    }
    for (const [index, { category, ...product }] of DEMO_PRODUCTS.entries()) {
      const { objectPath } = await images[index];
      await this.commands.execute(
        new CreateProduct({ ...product, imageUrl: objectPath, categoryId: categoryIds.get(category) ?? null, isActive: true }, context),
      );
    }
    await this.commands.execute(new CreateReferralCode(DEMO_REFERRAL_CODE.code, DEMO_REFERRAL_CODE.discountPercentage, context));
    if (withDemoAdmin) await this.ensureAdmin(DEMO_ADMIN.email, DEMO_ADMIN.password, DEMO_ADMIN.fullName);
    this.logger.log(`Demo catalogue created: ${DEMO_CATEGORIES.length} categories, ${DEMO_PRODUCTS.length} products`);
    return true;
  }

  /** Of several instances starting on one empty store at once, the one whose claim is appended first creates the demo data. */
  private async claim(context: CommandContext): Promise<boolean> {
    const claimed: DemoDataClaimed = { type: 'DemoDataClaimed', version: 1, data: { categories: DEMO_CATEGORIES.length, products: DEMO_PRODUCTS.length } };
    const metadata = { correlationId: context.correlationId, causationId: null, actorId: context.actorId, occurredAt: new Date().toISOString() };
    try {
      await this.eventStore.append(DEMO_DATA_STREAM, [{ ...claimed, metadata }], 'no_stream');
      return true;
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return false;
      throw error;
    }
  }

  /**
   * Makes sure the configured administrator exists with role owner (issue 23: the one who manages staff); an existing password is left as it
   * is. Instances starting together may race to register it: the e-mail is claimed once, and the others
   * find the account and grant the role.
   */
  async ensureAdmin(email: string, password: string, fullName = 'Administrator'): Promise<void> {
    const normalisedEmail = email.trim().toLowerCase();
    for (let attempt = 0; ; attempt += 1) {
      const existing = await this.users.findByEmail(normalisedEmail);
      if (existing) {
        await this.commands.execute(new GrantRole(existing.id, 'owner', systemContext()));
        return;
      }
      try {
        await this.commands.execute(new RegisterUser(fullName, normalisedEmail, password, 'owner', systemContext()));
        return;
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt >= ADMIN_ATTEMPTS) throw error;
        // Another instance registered it: its account appears in the read model shortly.
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }
}
