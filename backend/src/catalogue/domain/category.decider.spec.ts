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
});
