/** A business fact as the write side decides it; the store adds ids, positions and metadata. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  version: number;
  data: Data;
}
