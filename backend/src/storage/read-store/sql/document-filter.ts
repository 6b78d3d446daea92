import { Filter, SortSpec, UnsupportedQueryError } from '../read-store.port';
import { isOperatorObject } from '../document-update';

/**
 * Translates the port's filters and sorts into SQL over a JSON document column, for SQLite (JSON1:
 * `json_extract`, `json_each`) and PostgreSQL (JSONB: `->`, `jsonb_array_elements`). A field's
 * expression is written exactly as the adapters' indexes write it, so the engines' planners use them.
 */

export type SqlDialect = 'sqlite' | 'postgres';

/** Collects bound parameters and answers each one's placeholder (`?` in SQLite, `$n` in PostgreSQL). */
export class SqlParams {
  readonly values: unknown[] = [];

  constructor(private readonly dialect: SqlDialect) {}

  add(value: unknown): string {
    this.values.push(value);
    return this.dialect === 'sqlite' ? '?' : `$${this.values.length}`;
  }
}

/** Where field paths are read from: the document column, or an array element inside an $elemMatch. */
interface Root {
  /** `body`, or the alias of an array element (`e1`). */
  source: string;
  element: boolean;
}

export interface CompileContext {
  dialect: SqlDialect;
  params: SqlParams;
  /** The SQL that answers `$text: { $search }` for this collection. */
  text?: (search: string, params: SqlParams) => string;
  /** PostgreSQL: the document column as the statement names it (`t.body` in an upsert's conflict clause); `body` when absent. */
  column?: string;
}

const DOCUMENT: Root = { source: 'body', element: false };

/** The SQL condition for a filter (`TRUE`-like when empty). */
export function compileFilter(filter: Filter, context: CompileContext): string {
  return new FilterCompiler(context).filter(filter, DOCUMENT);
}

/** `ORDER BY` terms for a sort; MongoDB's order of missing values (first when ascending) in both engines. */
export function compileSort(sort: SortSpec, dialect: SqlDialect): string {
  return Object.entries(sort)
    .map(([path, direction]) => {
      if (path === '_id') return `id ${direction === 1 ? 'ASC' : 'DESC'}`;
      const expression = fieldExpression(dialect, path);
      if (dialect === 'sqlite') return `${expression} ${direction === 1 ? 'ASC' : 'DESC'}`;
      return `${expression} ${direction === 1 ? 'ASC NULLS FIRST' : 'DESC NULLS LAST'}`;
    })
    .join(', ');
}

/** The expression of a document field, as filters, sorts and index definitions all write it. */
export function fieldExpression(dialect: SqlDialect, path: string): string {
  const parts = pathParts(path);
  return dialect === 'sqlite' ? `json_extract(body, '$.${parts.join('.')}')` : `(body${parts.map((part) => `->'${part}'`).join('')})`;
}

function pathParts(path: string): string[] {
  const parts = path.split('.');
  for (const part of parts) {
    if (!/^[A-Za-z_][A-Za-z0-9_-]*$/.test(part)) throw new UnsupportedQueryError(`"${path}" is not a field path the stores index (letters, digits, _ and - between dots)`);
  }
  return parts;
}

const COMPARISONS: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

class FilterCompiler {
  private aliases = 0;

  constructor(private readonly context: CompileContext) {}

  private get dialect() {
    return this.context.dialect;
  }

  private get params() {
    return this.context.params;
  }

  filter(filter: Filter, root: Root): string {
    const terms: string[] = [];
    for (const [key, condition] of Object.entries(filter)) {
      if (key === '$and' || key === '$or') {
        if (!Array.isArray(condition) || condition.length === 0) throw new UnsupportedQueryError(`${key} takes a non-empty array of filters`);
        const parts = condition.map((part: Filter) => `(${this.filter(part, root)})`);
        terms.push(parts.join(key === '$and' ? ' AND ' : ' OR '));
      } else if (key === '$text') {
        if (root.element) throw new UnsupportedQueryError('$text cannot be used inside $elemMatch');
        const search = (condition as { $search?: unknown })?.$search;
        if (typeof search !== 'string' || !this.context.text) throw new UnsupportedQueryError('$text needs { $search: string } on a collection with a search index');
        terms.push(this.context.text(search, this.params));
      } else if (key.startsWith('$')) {
        throw new UnsupportedQueryError(`Filter operator ${key} is not supported`);
      } else if (key === '_id' && !root.element) {
        terms.push(this.idCondition(condition));
      } else {
        terms.push(this.fieldCondition(root, pathParts(key), condition));
      }
    }
    if (terms.length === 0) return this.dialect === 'sqlite' ? '1' : 'TRUE';
    return terms.map((term) => `(${term})`).join(' AND ');
  }

  private fieldCondition(root: Root, path: string[], condition: unknown): string {
    if (!isOperatorObject(condition)) return this.equals(root, path, condition);
    const terms = Object.entries(condition as Record<string, unknown>).map(([operator, operand]) => this.operator(root, path, operator, operand, condition as Record<string, unknown>));
    return terms.filter((term) => term !== '').map((term) => `(${term})`).join(' AND ');
  }

  private operator(root: Root, path: string[], operator: string, operand: unknown, all: Record<string, unknown>): string {
    switch (operator) {
      case '$eq':
        return this.equals(root, path, operand);
      case '$ne':
        return this.not(this.equals(root, path, operand));
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        return this.compare(root, path, COMPARISONS[operator], operand);
      case '$in':
        return this.oneOf(root, path, operand);
      case '$nin':
        return this.not(this.oneOf(root, path, operand));
      case '$exists': {
        // PostgreSQL: `->` answers SQL NULL only for a missing field (a JSON null is 'null'::jsonb), and the bare
        // expression is the one the indexes hold.
        if (this.dialect === 'postgres') return `${this.value(root, path)} ${operand ? 'IS NOT NULL' : 'IS NULL'}`;
        // The type, not the value: SQLite's json_extract answers NULL for a JSON null as for a missing field.
        const type = this.typeOf(root, path);
        return operand ? `${type} IS NOT NULL` : `${type} IS NULL`;
      }
      case '$regex':
        return this.regex(root, path, operand, all.$options);
      case '$options':
        if (!('$regex' in all)) throw new UnsupportedQueryError('$options goes with $regex');
        return '';
      case '$elemMatch':
        return this.elementMatch(root, path, operand);
      default:
        throw new UnsupportedQueryError(`Filter operator ${operator} is not supported`);
    }
  }

  /** The value as the engine compares it: an SQL value from json_extract, or a JSONB value. */
  private value(root: Root, path: string[]): string {
    if (this.dialect === 'sqlite') {
      if (!root.element) return `json_extract(body, '$.${path.join('.')}')`;
      if (path.length === 0) return `${root.source}.value`;
      return `(CASE WHEN ${root.source}.type = 'object' THEN json_extract(${root.source}.value, '$.${path.join('.')}') END)`;
    }
    const base = root.element ? `${root.source}.value` : (this.context.column ?? 'body');
    return `(${base}${path.map((part) => `->'${part}'`).join('')})`;
  }

  /** The JSON type of the value (SQLite: integer, real, text, true, false, null, array, object; PostgreSQL: number, string, boolean, null, array, object), NULL when missing. */
  private typeOf(root: Root, path: string[]): string {
    if (this.dialect === 'postgres') return `jsonb_typeof(${this.value(root, path)})`;
    if (!root.element) return `json_type(body, '$.${path.join('.')}')`;
    if (path.length === 0) return `${root.source}.type`;
    return `(CASE WHEN ${root.source}.type = 'object' THEN json_type(${root.source}.value, '$.${path.join('.')}') END)`;
  }

  private equals(root: Root, path: string[], value: unknown): string {
    const field = this.value(root, path);
    if (value === null || value === undefined) {
      // PostgreSQL: a missing field is SQL NULL, a JSON null is 'null'::jsonb; both terms on the bare expression, so an index serves them.
      return this.dialect === 'sqlite' ? `${field} IS NULL` : `(${field} IS NULL OR ${field} = 'null'::jsonb)`;
    }
    if (typeof value === 'boolean') {
      if (this.dialect === 'postgres') return `${field} = '${value}'::jsonb`;
      // json_extract answers 1 or 0 (what an index on the field holds); the type tells a boolean from a number.
      return `${field} = ${value ? 1 : 0} AND ${this.typeOf(root, path)} = '${value}'`;
    }
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) {
      if (this.dialect === 'postgres') return `${field} = ${this.params.add(JSON.stringify(value))}::jsonb`;
      // A JSON string and a JSON number never compare equal in SQLite (TEXT vs INTEGER/REAL), as in MongoDB;
      // json_extract answers true and false as 1 and 0, so a number also checks the value is a JSON number.
      // `=`, not IS: SQLite then knows the field is constant and can read a sort on the fields after it from an index.
      if (typeof value === 'string') return `${field} = ${this.params.add(value)}`;
      return `${field} = ${this.params.add(value)} AND ${this.typeOf(root, path)} IN ('integer', 'real')`;
    }
    throw new UnsupportedQueryError(`Equality with ${Array.isArray(value) ? 'an array' : typeof value} is not supported; match array elements with $elemMatch`);
  }

  private compare(root: Root, path: string[], sqlOperator: string, operand: unknown): string {
    const field = this.value(root, path);
    const type = this.typeOf(root, path);
    if (typeof operand === 'string') {
      if (this.dialect === 'postgres') return `${field} ${sqlOperator} ${this.params.add(JSON.stringify(operand))}::jsonb AND ${type} = 'string'`;
      return `${field} ${sqlOperator} ${this.params.add(operand)} AND ${type} = 'text'`;
    }
    if (typeof operand === 'number' && Number.isFinite(operand)) {
      if (this.dialect === 'postgres') return `${field} ${sqlOperator} ${this.params.add(JSON.stringify(operand))}::jsonb AND ${type} = 'number'`;
      return `${field} ${sqlOperator} ${this.params.add(operand)} AND ${type} IN ('integer', 'real')`;
    }
    throw new UnsupportedQueryError(`Comparisons take a string or a number, not ${operand === null ? 'null' : typeof operand}`);
  }

  private oneOf(root: Root, path: string[], operand: unknown): string {
    if (!Array.isArray(operand)) throw new UnsupportedQueryError('$in and $nin take an array');
    if (operand.length === 0) return this.dialect === 'sqlite' ? '0' : 'FALSE';
    const plain = operand.filter((value) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)));
    const others = operand.filter((value) => !plain.includes(value));
    const terms: string[] = [];
    if (plain.length > 0) {
      const field = this.value(root, path);
      const placeholders = plain.map((value) => (this.dialect === 'sqlite' ? this.params.add(value) : `${this.params.add(JSON.stringify(value))}::jsonb`));
      const numbers = this.dialect === 'sqlite' && plain.some((value) => typeof value === 'number');
      // As in equality: in SQLite a JSON true or false must not pass for 1 or 0.
      terms.push(numbers ? `${field} IN (${placeholders.join(', ')}) AND ${this.typeOf(root, path)} IN ('integer', 'real', 'text')` : `${field} IN (${placeholders.join(', ')})`);
    }
    for (const value of others) terms.push(this.equals(root, path, value));
    return terms.map((term) => `(${term})`).join(' OR ');
  }

  private regex(root: Root, path: string[], pattern: unknown, options: unknown): string {
    const source = pattern instanceof RegExp ? pattern.source : pattern;
    const flags = pattern instanceof RegExp ? pattern.flags : typeof options === 'string' ? options : '';
    if (typeof source !== 'string') throw new UnsupportedQueryError('$regex takes a string or a RegExp');
    if (!/^i?$/.test(flags)) throw new UnsupportedQueryError(`$regex options other than i are not supported (got ${flags})`);
    if (this.dialect === 'postgres') {
      const text = `(${this.value(root, path)} #>> '{}')`;
      return `${this.typeOf(root, path)} = 'string' AND ${text} ${flags ? '~*' : '~'} ${this.params.add(postgresRegex(source))}`;
    }
    return `${this.typeOf(root, path)} = 'text' AND shop_regexp(${this.params.add(source)}, ${this.params.add(flags)}, ${this.value(root, path)})`;
  }

  /** An array field with an element that matches: a sub-filter on the element's fields, or operators on the element itself. */
  private elementMatch(root: Root, path: string[], condition: unknown): string {
    if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) throw new UnsupportedQueryError('$elemMatch takes a filter');
    this.aliases += 1;
    const element: Root = { source: `e${this.aliases}`, element: true };
    const matches = isOperatorObject(condition) && Object.keys(condition).every((key) => key.startsWith('$') && key !== '$and' && key !== '$or')
      ? this.fieldCondition(element, [], condition)
      : this.filter(condition as Filter, element);
    if (this.dialect === 'sqlite') {
      const source = root.element ? `${root.source}.value` : 'body';
      const array = path.length === 0 ? `json_each(${source})` : `json_each(${source}, '$.${path.join('.')}')`;
      return `${this.typeOf(root, path)} = 'array' AND EXISTS (SELECT 1 FROM ${array} AS ${element.source} WHERE ${matches})`;
    }
    // jsonb_array_elements fails on a scalar or an object, and SQL does not promise to test the type first: a
    // value that is not an array becomes NULL, which has no elements.
    const array = this.value(root, path);
    return `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${array}) = 'array' THEN ${array} END) AS ${element.source}(value) WHERE ${matches})`;
  }

  private idCondition(condition: unknown): string {
    if (!isOperatorObject(condition)) return this.idEquals(condition);
    const terms = Object.entries(condition as Record<string, unknown>).map(([operator, operand]) => {
      switch (operator) {
        case '$eq':
          return this.idEquals(operand);
        case '$ne':
          return `NOT (${this.idEquals(operand)})`;
        case '$in':
        case '$nin': {
          if (!Array.isArray(operand)) throw new UnsupportedQueryError(`${operator} takes an array`);
          const ids = operand.filter((id): id is string => typeof id === 'string');
          const within = ids.length === 0 ? (this.dialect === 'sqlite' ? '0' : 'FALSE') : `id IN (${ids.map((id) => this.params.add(id)).join(', ')})`;
          return operator === '$in' ? within : `NOT (${within})`;
        }
        case '$gt':
        case '$gte':
        case '$lt':
        case '$lte':
          if (typeof operand !== 'string') throw new UnsupportedQueryError('_id compares with strings');
          return `id ${COMPARISONS[operator]} ${this.params.add(operand)}`;
        default:
          throw new UnsupportedQueryError(`Filter operator ${operator} is not supported on _id`);
      }
    });
    return terms.map((term) => `(${term})`).join(' AND ');
  }

  private idEquals(value: unknown): string {
    if (typeof value !== 'string') return this.dialect === 'sqlite' ? '0' : 'FALSE';
    return `id = ${this.params.add(value)}`;
  }

  /** Negation that treats an unknown (NULL) condition as false first, as MongoDB's $ne and $nin match a missing field. */
  private not(condition: string): string {
    return this.dialect === 'sqlite' ? `NOT coalesce((${condition}), 0)` : `NOT coalesce((${condition}), FALSE)`;
  }
}

/**
 * A JavaScript regular expression as PostgreSQL's (ARE) reads it. The two agree on what the port's callers
 * write (classes, quantifiers, groups, anchors, \d \w \s, lookahead) but for two things, rewritten here
 * outside brackets: the word boundary \b is \y in PostgreSQL (\b is a backspace there, as it is in both
 * inside brackets), and `.` matches a line break in PostgreSQL, never in JavaScript.
 */
function postgresRegex(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i += 1) {
    const character = source[i];
    if (character === '\\' && i + 1 < source.length) {
      const next = source[i + 1];
      out += !inClass && next === 'b' ? '\\y' : !inClass && next === 'B' ? '\\Y' : `\\${next}`;
      i += 1;
      continue;
    }
    if (character === '.' && !inClass) {
      out += '[^\\n\\r\\u2028\\u2029]';
      continue;
    }
    if (character === '[' && !inClass) inClass = true;
    else if (character === ']' && inClass) inClass = false;
    out += character;
  }
  return out;
}
