import { Controller, Get, Header } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { buildOpenApi, OpenApiDocument } from './openapi';

/** The API's OpenAPI 3.1 document and a reference page made from it (static HTML: the CSP allows no inline script). */
@Controller('api')
export class ApiDocsController {
  private document: OpenApiDocument | null = null;

  constructor(private readonly modules: ModulesContainer) {}

  @Get('openapi.json')
  openApi(): OpenApiDocument {
    this.document ??= buildOpenApi(this.modules);
    return this.document;
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  docs(): string {
    const document = this.openApi();
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation! })));
    const tags = [...new Set(operations.map(({ operation }) => operation.tags[0]))].sort();
    const section = (tag: string) => `
      <section id="${escape(slug(tag))}"><h2>${escape(tag)}</h2>
      ${operations
        .filter(({ operation }) => operation.tags[0] === tag)
        .map(
          ({ path, method, operation }) => `
        <details><summary><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code> <span class="access">${escape(operation['x-access'])}</span></summary>
          ${operation.parameters ? `<h3>Parameters</h3><pre>${escape(JSON.stringify(operation.parameters, null, 2))}</pre>` : ''}
          ${operation.requestBody ? `<h3>Body</h3><pre>${escape(JSON.stringify(operation.requestBody.content['application/json'].schema, null, 2))}</pre>` : ''}
          <h3>Answers</h3><ul>${Object.entries(operation.responses).map(([status, { description }]) => `<li><b>${status}</b> ${escape(description)}</li>`).join('')}</ul>
        </details>`,
        )
        .join('')}
      </section>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)} reference</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#0f172a}h1{font-size:1.5rem}h2{margin-top:2rem;border-bottom:1px solid #e2e8f0}
details{border:1px solid #e2e8f0;border-radius:8px;margin:.4rem 0;padding:.4rem .7rem}summary{cursor:pointer;overflow-wrap:anywhere}pre{background:#f8fafc;padding:.6rem;overflow:auto;font-size:13px}
.method{display:inline-block;min-width:4.2rem;font-weight:700;font-size:12px}.get{color:#047857}.post{color:#1d4ed8}.put{color:#b45309}.delete{color:#b91c1c}.access{color:#475569;font-size:13px}nav a{margin-right:.8rem}</style></head>
<body><h1>${escape(document.info.title)}</h1><p>${escape(document.info.description)}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${document.openapi}).</p>
<nav>${tags.map((tag) => `<a href="#${escape(slug(tag))}">${escape(tag)}</a>`).join('')}</nav>${tags.map(section).join('')}</body></html>`;
  }
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
