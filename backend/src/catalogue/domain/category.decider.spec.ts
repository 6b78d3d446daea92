import { ConflictError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { CategoryEvent } from '../contract/catalogue.events';
import { CategoryCommand, categoryDecider } from './category.decider';

const created = (name = 'Peptides', description: string | null = null): CategoryEvent => ({ type: 'CategoryCreated', version: 1, data: { categoryId: 3, name, description } });
const changed = (name: string, description: string | null): CategoryEvent => ({ type: 'CategoryDetailsChanged', version: 1, data: { categoryId: 3, name, description } });

const create: CategoryCommand = { kind: 'create', categoryId: 3, name: 'Peptides', description: null };
const rename = (name: string, description: string | null = null): CategoryCommand => ({ kind: 'rename', name, description });

const category = DeciderSpecification.for(categoryDecider);

describe('category decider', () => {
  it('creates a category', () => {
    category.given([]).when(create).then([created()]);
  });

  it('refuses to create a category that already exists', () => {
    category.given([created()]).when(create).thenThrows(ConflictError, 'Category 3 already exists');
  });

  it('renames a category and changes its description', () => {
    category.given([created()]).when(rename('Research peptides', 'Lyophilised')).then([changed('Research peptides', 'Lyophilised')]);
    category.given([created()]).when(rename('Peptides', 'Lyophilised')).then([changed('Peptides', 'Lyophilised')]);
  });

  it('records nothing when name and description are as they are', () => {
    category.given([created()]).when(rename('Peptides')).thenNothing();
    category.given([created(), changed('Blends', 'Mixed')]).when(rename('Blends', 'Mixed')).thenNothing();
  });

  it('knows no category that was never created', () => {
    category.given([]).when(rename('Peptides')).thenThrows(NotFoundError, 'Category not found');
  });

  describe('remove (issue 21)', () => {
    const removed: CategoryEvent = { type: 'CategoryRemoved', version: 1, data: { categoryId: 3, name: 'Peptides' } };
    const deactivated = (products: number): CategoryEvent => ({ type: 'CategoryDeactivated', version: 1, data: { categoryId: 3, name: 'Peptides', products } });

    it('removes a category no product is in, and knows it no more', () => {
      category.given([created()]).when({ kind: 'remove', products: 0 }).then([removed]);
      category.given([created(), removed]).when(rename('Peptides again')).thenThrows(NotFoundError, 'Category not found');
      category.given([created(), removed]).when({ kind: 'remove', products: 0 }).thenThrows(NotFoundError, 'Category not found');
    });

    it('deactivates one that still holds products, once, and removes it when it is empty', () => {
      category.given([created()]).when({ kind: 'remove', products: 2 }).then([deactivated(2)]);
      category.given([created(), deactivated(2)]).when({ kind: 'remove', products: 1 }).thenNothing();
      category.given([created(), deactivated(2)]).when({ kind: 'remove', products: 0 }).then([removed]);
      // A deactivated category can still be renamed.
      category.given([created(), deactivated(2)]).when(rename('Old blends')).then([changed('Old blends', null)]);
    });
  });
});
