import { PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { InvalidInputError } from '../errors';

/** Validates and parses a body, query or param with a zod schema; the first problem becomes the 400 message. */
export class ZodValidationPipe<Schema extends z.ZodType> implements PipeTransform<unknown, z.infer<Schema>> {
  constructor(readonly schema: Schema) {}

  transform(value: unknown): z.infer<Schema> {
    return parseInput(this.schema, value);
  }
}

/** The pipe's parsing, for the few routes served outside Nest's pipeline: the parsed value, or an InvalidInputError (400). */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new InvalidInputError(describeIssue(result.error.issues[0]));
}

/** Custom messages from the schemas are shown as they are; zod's generic ones get the field's name. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.');
  const generic = /^(Invalid (input|option|string|number|element|key|union)|Too (big|small)|Unrecognized)/.test(issue.message);
  if (!generic) return issue.message;
  if (issue.code === 'invalid_type' && issue.input === undefined) return field ? `${field} is required` : 'A request body is required';
  return field ? `${field}: ${issue.message}` : issue.message;
}
