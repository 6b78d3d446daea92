import { Document, Filter, UnsupportedQueryError, Update } from './read-store.port';

/**
 * The update operators of the port, applied to a document in memory by the SQL adapters (which read,
 * change and write a row in one transaction). Paths are dotted through embedded objects; a missing
 * object on the way is created, as MongoDB does.
 */

const OPERATORS = new Set(['$set', '$unset', '$inc', '$min', '$max', '$push']);

/** Changes `doc` in place; answers whether anything changed. */
export function applyUpdate(doc: Record<string, unknown>, update: Update): boolean {
  let changed = false;
  for (const [operator, fields] of Object.entries(update)) {
    if (!OPERATORS.has(operator)) throw new UnsupportedQueryError(`Update operator ${operator} is not supported (use ${[...OPERATORS].join(', ')})`);
    if (typeof fields !== 'object' || fields === null) throw new UnsupportedQueryError(`${operator} takes an object of fields`);
    for (const [path, value] of Object.entries(fields as Record<string, unknown>)) {
      if (path === '_id' && operator !== '$set') throw new UnsupportedQueryError(`${operator} cannot change _id`);
      if (path === '_id' && value !== doc._id) throw new UnsupportedQueryError('_id cannot be changed');
      if (applyOne(doc, operator, path, value)) changed = true;
    }
  }
  return changed;
}

function applyOne(doc: Record<string, unknown>, operator: string, path: string, value: unknown): boolean {
  const parts = path.split('.');
  const field = parts.pop()!;
  if (operator === '$unset') {
    const parent = parentOf(doc, parts, false);
    if (!parent || !(field in parent)) return false;
    delete parent[field];
    return true;
  }
  const parent = parentOf(doc, parts, true)!;
  const current = parent[field];
  switch (operator) {
    case '$set':
      if (sameValue(current, value)) return false;
      parent[field] = cloneValue(value);
      return true;
    case '$inc': {
      if (typeof value !== 'number') throw new UnsupportedQueryError(`$inc of ${path} needs a number`);
      if (current !== undefined && current !== null && typeof current !== 'number') throw new UnsupportedQueryError(`$inc of ${path}: the field holds a ${typeof current}, not a number`);
      parent[field] = ((current as number | undefined) ?? 0) + value;
      return value !== 0 || current === undefined;
    }
    case '$min':
    case '$max': {
      if (current === undefined || current === null || (operator === '$min' ? compareValues(value, current) < 0 : compareValues(value, current) > 0)) {
        if (sameValue(current, value)) return false;
        parent[field] = cloneValue(value);
        return true;
      }
      return false;
    }
    case '$push': {
      if (current === undefined) parent[field] = [cloneValue(value)];
      else if (Array.isArray(current)) current.push(cloneValue(value));
      else throw new UnsupportedQueryError(`$push to ${path}: the field is not an array`);
      return true;
    }
    default:
      throw new UnsupportedQueryError(`Update operator ${operator} is not supported`);
  }
}

function parentOf(doc: Record<string, unknown>, parts: string[], create: boolean): Record<string, unknown> | null {
  let node: Record<string, unknown> = doc;
  for (const part of parts) {
    let next = node[part];
    if (next === undefined || next === null) {
      if (!create) return null;
      next = {};
      node[part] = next;
    }
    if (typeof next !== 'object' || Array.isArray(next)) {
      if (!create) return null;
      throw new UnsupportedQueryError(`Cannot set a field inside ${part}, which is not an object`);
    }
    node = next as Record<string, unknown>;
  }
  return node;
}

/**
 * The document an upsert creates when nothing matched: the filter's equality conditions (top-level
 * and dotted fields; not operators), then the update applied to it, as MongoDB builds it.
 */
export function upsertSeed(filter: Filter, update: Update): Document {
  const seed: Record<string, unknown> = {};
  for (const [path, condition] of Object.entries(filter)) {
    if (path.startsWith('$')) continue;
    const value = isOperatorObject(condition) ? ('$eq' in (condition as object) ? (condition as { $eq: unknown }).$eq : undefined) : condition;
    if (value === undefined) continue;
    applyOne(seed, '$set', path, value);
  }
  applyUpdate(seed, update);
  if (typeof seed._id !== 'string') throw new UnsupportedQueryError('An upsert needs a string _id in its filter or its $set');
  return seed as Document;
}

export function isOperatorObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).some((key) => key.startsWith('$'));
}

/** MongoDB's order for the values $min and $max compare: numbers with numbers, strings with strings. */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  throw new UnsupportedQueryError(`$min/$max compare a ${typeof a} with a ${typeof b}`);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function cloneValue<T>(value: T): T {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}
