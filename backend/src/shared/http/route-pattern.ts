import type { Request } from 'express';

/** The route pattern that answered (`/api/products/:id`, never the id itself), once routed; null when no route matched. */
export function routePatternOf(request: Request): string | null {
  return request.route?.path ? `${request.baseUrl}${String(request.route.path)}` : null;
}
