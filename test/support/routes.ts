import { NestExpressApplication } from '@nestjs/platform-express';

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every API route the running app serves, as "METHOD /path/:param". */
export function registeredRoutes(app: NestExpressApplication): string[] {
  const instance = app.getHttpAdapter().getInstance() as { router?: { stack: RouterLayer[] }; _router?: { stack: RouterLayer[] } };
  const stack = (instance.router ?? instance._router)!.stack;
  return stack
    .filter((layer) => layer.route && layer.route.path.startsWith('/api'))
    .flatMap((layer) => Object.keys(layer.route!.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`));
}
