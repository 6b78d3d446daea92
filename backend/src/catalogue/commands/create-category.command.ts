import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { IdAllocator } from '../../shared/event-sourcing/id-allocator';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { categoryDecider } from '../domain/category.decider';
import { categoryStream } from '../contract/catalogue.events';

export class CreateCategoryCommand {
  constructor(
    readonly name: string,
    readonly description: string | null,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(CreateCategoryCommand)
export class CreateCategoryHandler implements ICommandHandler<CreateCategoryCommand, { categoryId: number; position: number }> {
  constructor(
    private readonly ids: IdAllocator,
    private readonly streams: StreamExecutor,
  ) {}

  async execute({ name, description, context }: CreateCategoryCommand) {
    return this.ids.claim('category', async (categoryId) => {
      const events = categoryDecider.decide({ kind: 'create', categoryId, name, description }, categoryDecider.initialState);
      const position = await this.streams.start(categoryStream(categoryId), events, context);
      return { categoryId, position };
    });
  }
}
