import { RequestMethod, Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { z } from 'zod';
import { funnelEventSchema, pageViewSchema } from '../../analytics/contract/analytics-input';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { requiredPermissionOf } from '../../shared/http/guards';
import { apiTokenScopeOf } from '../../shared/http/api-token-access';
import { may, Permission, STAFF_ROLES } from '../../identity/contract/staff-roles';
import type { ApiTokenScope } from '../../identity/contract/api-tokens';
import { PAGE_HEADER, PAGE_SIZE_HEADER, TOTAL_COUNT_HEADER, TOTAL_IS_LOWER_BOUND_HEADER } from '../../shared/contract/paging';

type JsonSchema = Record<string, unknown>;

interface Operation {
  summary: string;
  tags: string[];
  'x-access': string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { description: string; headers?: Record<string, { description: string; schema: JsonSchema }> }>;
}

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Partial<Record<string, Operation>>>;
  components: { securitySchemes: Record<string, unknown> };
};

const ERROR_ANSWERS = { '400': { description: 'Invalid input: `{ message }` names the problem' }, '429': { description: 'Too many requests: `{ message }`' } };

/**
 * The OpenAPI 3.1 document of every Nest route, read from the routes themselves: method and path from
 * their decorators, who may call them from their guards, and the body, query and path parameters from
 * the very zod schemas their ZodValidationPipes parse with (converted by zod's own JSON Schema output),
 * so the document cannot drift from what the server accepts. The few routes served outside Nest (the
 * analytics beacons, /metrics) are added by hand below.
 */
export function buildOpenApi(modules: ModulesContainer): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const add = (method: string, path: string, operation: Operation) => {
    paths[path] ??= {};
    paths[path][method] = operation;
  };
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      const base = pathsOf(Reflect.getMetadata(PATH_METADATA, controller));
      const classGuards = (Reflect.getMetadata(GUARDS_METADATA, controller) ?? []) as Type[];
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name] as unknown;
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const routePaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (routePaths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod].toLowerCase();
        const guards = [...classGuards, ...((Reflect.getMetadata(GUARDS_METADATA, handler) ?? []) as Type[])];
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { index: number; data?: string; pipes?: unknown[] }>;
        for (const prefix of base) {
          for (const route of pathsOf(routePaths)) {
            const path = `/${[prefix, route].filter(Boolean).join('/')}`.replace(/\/+/g, '/').replace(/\/$/, '') || '/';
            add(method, path.replace(/:(\w+)/g, '{$1}'), operationOf(controller.name, name, path, guards, requiredPermissionOf(handler as object), args, apiTokenScopeOf(handler as object)));
          }
        }
      }
    }
  }
  add('post', '/api/analytics/pageview', beacon('Report a storefront route view (cookieless; 202 at once)', pageViewSchema));
  add('post', '/api/analytics/event', beacon('Report a funnel step: add_to_cart, checkout_started or order_placed (202)', funnelEventSchema));
  add('get', '/metrics', {
    summary: 'Prometheus metrics (text format)',
    tags: ['Operations'],
    'x-access': 'METRICS_TOKEN bearer token; without METRICS_TOKEN, loopback only, with TRUST_PROXY unset and no proxy header',
    responses: { '200': { description: 'Prometheus text exposition' }, '403': { description: 'Not allowed: `{ message }`' } },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Peptide Research Supply API',
      version: '1.0.0',
      description: 'Every error is `{ "message": "…" }` with its status. Sessions are the `sid` cookie (httpOnly, SameSite=Lax); state-changing calls from another origin are refused (403).',
    },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sid' },
        apiToken: { type: 'http', scheme: 'bearer', bearerFormat: 'shop_…', description: 'An API token made in the back office (API tokens), sent as `Authorization: Bearer shop_…`. Only the routes whose security names it accept it, with the scope it names; anywhere else a token is a 401.' },
      },
    },
  };
}

function pathsOf(value: string | string[] | undefined): string[] {
  if (value === undefined) return [''];
  return (Array.isArray(value) ? value : [value]).map((path) => path.replace(/^\/+|\/+$/g, ''));
}

function operationOf(controller: string, handler: string, path: string, guards: Type[], permission: Permission | undefined, args: Record<string, { index: number; data?: string; pipes?: unknown[] }>, tokenScope?: ApiTokenScope): Operation {
  const operation: Operation = {
    summary: `${handler.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()}`,
    tags: [controller.replace(/Controller$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2')],
    'x-access': accessOf(guards, permission),
    responses: { '200': { description: 'Success' }, ...ERROR_ANSWERS, ...(guards.length > 0 ? { '401': { description: 'Not signed in' }, '403': { description: 'Not allowed' } } : {}) },
  };
  if (tokenScope) {
    // Either a staff session (x-access names its roles) or an API token with the scope (issue 23): the only routes a token opens.
    operation.security = [{ session: [] }, { apiToken: [tokenScope] }];
    operation.responses['401'] = { description: 'Not signed in, or the API token is unknown, expired, revoked or its maker lost the permission: `{ message }` says which' };
    operation.responses['429'] = { description: 'Too many requests: `{ message }` (per client, or per API token)' };
  }
  const parameters: NonNullable<Operation['parameters']> = [];
  for (const [key, arg] of Object.entries(args)) {
    const type = Number(key.split(':')[0]) as RouteParamtypes;
    const schema = arg.pipes?.find((pipe): pipe is ZodValidationPipe<z.ZodType> => pipe instanceof ZodValidationPipe)?.schema;
    if (type === RouteParamtypes.BODY && schema) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(schema) } } };
    } else if (type === RouteParamtypes.QUERY) {
      if (!schema) {
        if (arg.data) parameters.push({ name: arg.data, in: 'query', required: false, schema: { type: 'string' } });
        continue;
      }
      const object = jsonSchemaOf(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
      for (const [name, property] of Object.entries(object.properties ?? {})) parameters.push({ name, in: 'query', required: object.required?.includes(name) ?? false, schema: property });
    } else if (type === RouteParamtypes.PARAM && arg.data) {
      parameters.push({ name: arg.data, in: 'path', required: true, schema: schema ? jsonSchemaOf(schema) : { type: 'string' } });
    }
  }
  // A path parameter read without a pipe is still in the path.
  for (const [, name] of path.matchAll(/:(\w+)/g)) if (!parameters.some((p) => p.in === 'path' && p.name === name)) parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  if (parameters.length > 0) operation.parameters = parameters;
  // A paged list: its body is one page (the first without paging parameters), how many match is in headers.
  if (['page', 'pageSize'].every((name) => parameters.some((parameter) => parameter.in === 'query' && parameter.name === name))) {
    operation.responses['200'] = {
      description: 'One page of the list (the first when `page` and `pageSize` are left out), sorted and filtered by the server',
      headers: {
        [TOTAL_COUNT_HEADER]: { description: 'How many match the filters in all (at least that many, see the next header)', schema: { type: 'integer' } },
        [TOTAL_IS_LOWER_BOUND_HEADER]: { description: '`true` when counting stopped at 10,000 and more match', schema: { type: 'boolean' } },
        [PAGE_HEADER]: { description: 'This page, from 1', schema: { type: 'integer' } },
        [PAGE_SIZE_HEADER]: { description: 'Items per page', schema: { type: 'integer' } },
      },
    };
  }
  return operation;
}

function beacon(summary: string, schema: z.ZodType): Operation {
  return {
    summary,
    tags: ['Analytics'],
    'x-access': 'everyone, no session',
    requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(schema) } } },
    responses: { '202': { description: 'Accepted, counted or not' }, ...ERROR_ANSWERS },
  };
}

/** Who may call: for a permission, the roles that have it (`catalogue:write: owner, manager`). */
function accessOf(guards: Type[], permission: Permission | undefined): string {
  const names = guards.map((guard) => guard.name);
  if (permission) return `${permission}: ${STAFF_ROLES.filter((role) => may(role, permission)).join(', ')}`;
  if (names.includes('SignedInGuard')) return 'signed in';
  return names.length > 0 ? names.join(', ') : 'everyone (the handler may check ownership)';
}

/** The input side (what a client sends: before transforms), with whatever zod cannot express left open. */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}
