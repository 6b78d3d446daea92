import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { CategoryEvent } from '../contract/catalogue.events';

export interface CategoryState {
  categoryId: number | null;
  name: string;
  description: string | null;
}

export type CategoryCommand =
  | { kind: 'create'; categoryId: number; name: string; description: string | null }
  | { kind: 'rename'; name: string; description: string | null };

export const categoryDecider: Decider<CategoryCommand, CategoryState, CategoryEvent> = {
  initialState: { categoryId: null, name: '', description: null },

  evolve(state, event) {
    return { categoryId: event.data.categoryId, name: event.data.name, description: event.data.description };
  },

  decide(command, state) {
    if (command.kind === 'create') {
      if (state.categoryId !== null) throw new ConflictError(`Category ${command.categoryId} already exists`);
      return [{ type: 'CategoryCreated', version: 1, data: { categoryId: command.categoryId, name: command.name, description: command.description } }];
    }
    if (state.categoryId === null) throw new NotFoundError('Category not found');
    if (state.name === command.name && state.description === command.description) return [];
    return [{ type: 'CategoryDetailsChanged', version: 1, data: { categoryId: state.categoryId, name: command.name, description: command.description } }];
  },
};
