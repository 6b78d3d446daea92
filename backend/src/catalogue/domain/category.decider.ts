import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { CategoryEvent } from '../contract/catalogue.events';

export interface CategoryState {
  categoryId: number | null;
  name: string;
  description: string | null;
  /** Removed: gone from every list, its id never used again; inactive: hidden from the storefront. */
  status: 'active' | 'inactive' | 'removed';
}

export type CategoryCommand =
  | { kind: 'create'; categoryId: number; name: string; description: string | null }
  | { kind: 'rename'; name: string; description: string | null }
  /** `products`: how many products (active or not) are in it now; with any, it is deactivated instead of removed. */
  | { kind: 'remove'; products: number };

export const categoryDecider: Decider<CategoryCommand, CategoryState, CategoryEvent> = {
  initialState: { categoryId: null, name: '', description: null, status: 'active' },

  evolve(state, event) {
    switch (event.type) {
      case 'CategoryCreated':
        return { categoryId: event.data.categoryId, name: event.data.name, description: event.data.description, status: 'active' };
      case 'CategoryDetailsChanged':
        return { ...state, name: event.data.name, description: event.data.description };
      case 'CategoryRemoved':
        return { ...state, status: 'removed' };
      case 'CategoryDeactivated':
        return { ...state, status: 'inactive' };
    }
  },

  decide(command, state) {
    if (command.kind === 'create') {
      if (state.categoryId !== null) throw new ConflictError(`Category ${command.categoryId} already exists`);
      return [{ type: 'CategoryCreated', version: 1, data: { categoryId: command.categoryId, name: command.name, description: command.description } }];
    }
    if (state.categoryId === null || state.status === 'removed') throw new NotFoundError('Category not found');
    if (command.kind === 'remove') {
      if (command.products === 0) return [{ type: 'CategoryRemoved', version: 1, data: { categoryId: state.categoryId, name: state.name } }];
      if (state.status === 'inactive') return [];
      return [{ type: 'CategoryDeactivated', version: 1, data: { categoryId: state.categoryId, name: state.name, products: command.products } }];
    }
    if (state.name === command.name && state.description === command.description) return [];
    return [{ type: 'CategoryDetailsChanged', version: 1, data: { categoryId: state.categoryId, name: command.name, description: command.description } }];
  },
};
