/**
 * The dependency rules of ../shared/DESIGN.md, checked by `npm run lint:deps` (part of `npm test`),
 * so a wrong import fails CI instead of eroding the layout.
 */
const CONTRACT = '^backend/src/[^/]+/contract/';
const MONEY = '^backend/src/shared/money\\.ts$';
/** A frontend feature's public faces: index.ts, and back-office.ts where the storefront also imports the feature. */
const FEATURE_FACE = '^frontend/src/features/[^/]+/(index|back-office)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'contract-is-framework-free',
      comment: 'contract/ imports nothing but other contract/ folders, shared/money and zod.',
      severity: 'error',
      from: { path: CONTRACT },
      to: { pathNot: [CONTRACT, MONEY, '^node_modules/zod/'] },
    },
    {
      name: 'domain-is-pure',
      comment: 'domain/ holds pure deciders and rules: its own context, contracts, and the kit\'s errors, money and Decider type.',
      severity: 'error',
      from: { path: '^backend/src/([^/]+)/domain/', pathNot: '\\.spec\\.ts$' },
      to: { pathNot: ['^backend/src/$1/domain/', CONTRACT, MONEY, '^backend/src/shared/errors\\.ts$', '^backend/src/shared/contract/', '^backend/src/shared/event-sourcing/decider\\.ts$'] },
    },
    {
      name: 'contexts-meet-through-contracts',
      comment: 'A context reaches another only through its contract/ or its public commands and queries (commands/public.ts).',
      severity: 'error',
      from: { path: '^backend/src/([^/]+)/' },
      to: {
        path: '^backend/src/[^/]+/',
        pathNot: ['^backend/src/$1/', CONTRACT, '^backend/src/[^/]+/commands/public\\.ts$', '^backend/src/(shared|storage)/', '^backend/src/config\\.ts$'],
      },
    },
    {
      name: 'kit-knows-no-context',
      comment: 'shared/ (the event-sourcing kit, http plumbing, money, errors) and storage/ depend on no context but its contract.',
      severity: 'error',
      from: { path: '^backend/src/(shared|storage)/' },
      to: { path: '^backend/src/', pathNot: ['^backend/src/(shared|storage)/', CONTRACT, '^backend/src/config\\.ts$'] },
    },
    {
      name: 'backend-reads-projections-through-queries',
      comment: 'Backend code reaches projections/ only through their queries and the runner (read-your-writes, reactors, paging a collection); a context\'s module registers its projectors.',
      severity: 'error',
      from: { path: '^backend/src/', pathNot: '^backend/src/[^/]+/[^/]+\\.module\\.ts$' },
      to: { path: '^projections/', pathNot: ['^projections/[^/]+/[^/]+\\.queries\\.ts$', '^projections/runner/(projection-runner|projector|projections\\.module|paging)\\.ts$'] },
    },
    {
      name: 'modules-register-their-own-projectors',
      comment: 'A context\'s module provides the projectors of its own read models (projections/<context>/) and their queries.',
      severity: 'error',
      from: { path: '^backend/src/([^/]+)/[^/]+\\.module\\.ts$' },
      to: { path: '^projections/[^/]+/[^/]+\\.projector\\.ts$', pathNot: '^projections/$1/' },
    },
    {
      name: 'projections-read-contracts',
      comment: 'projections/ import from the backend only contracts, money, errors and the storage ports (the runner also the lease keeper it runs projectors under, and the count of requests in flight it yields to). rebuild.ts is the command-line entry that boots the app.',
      severity: 'error',
      from: { path: '^projections/', pathNot: ['\\.spec\\.ts$', '^projections/runner/rebuild\\.ts$'] },
      to: {
        path: '^backend/',
        pathNot: [CONTRACT, MONEY, '^backend/src/shared/errors\\.ts$', '^backend/src/shared/contract/', '^backend/src/storage/(event-store|read-store|leases)/[^/]+\\.port\\.ts$', '^backend/src/shared/leases/lease-keeper\\.ts$', '^backend/src/shared/http/requests-in-flight\\.ts$'],
      },
    },
    {
      name: 'frontend-imports-only-contracts',
      comment: 'The storefront shares the backend\'s contract/ folders (views, schemas, constants) and nothing else of it.',
      severity: 'error',
      from: { path: '^frontend/src/' },
      to: { path: '^(backend|projections)/', pathNot: [CONTRACT] },
    },
    {
      name: 'features-meet-through-their-index',
      comment: 'A frontend feature (features/<context>/) reaches another only through that feature\'s index.ts (or its back-office.ts); the rest of the app likewise.',
      severity: 'error',
      from: { path: '^frontend/src/', pathNot: ['^frontend/src/features/([^/]+)/', '^frontend/src/App\\.tsx$'] },
      to: { path: '^frontend/src/features/[^/]+/.+', pathNot: FEATURE_FACE },
    },
    {
      name: 'the-router-loads-feature-pages',
      comment: 'The router (App.tsx) loads each feature\'s pages (features/<context>/pages/) on demand, one chunk per page, and reaches anything else of a feature through its index.ts.',
      severity: 'error',
      from: { path: '^frontend/src/App\\.tsx$' },
      to: { path: '^frontend/src/features/[^/]+/.+', pathNot: [FEATURE_FACE, '^frontend/src/features/[^/]+/pages/.+'] },
    },
    {
      name: 'feature-to-feature-through-index',
      comment: 'Inside a feature, another feature is reached through its index.ts (or its back-office.ts) only.',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/[^/]+/.+', pathNot: ['^frontend/src/features/$1/', FEATURE_FACE] },
    },
    {
      name: 'storefront-keeps-out-of-the-back-office',
      comment:
        'A feature the storefront also uses puts its back-office screens behind back-office.ts, not index.ts: the bundler puts all that a module re-exports into the chunks of every page importing it. Only the back office\'s shell (app/admin/) and features import a back-office.ts.',
      severity: 'error',
      from: { path: '^frontend/src/', pathNot: ['^frontend/src/features/', '^frontend/src/app/admin/'] },
      to: { path: '^frontend/src/features/[^/]+/back-office\\.ts$' },
    },
    {
      name: 'features-below-the-app',
      comment: 'A feature (features/<context>/) is built from components/ui, hooks, state, lib and api, never from the app that puts the features together (app/: the layouts, the guards, the back office\'s shell).',
      severity: 'error',
      from: { path: '^frontend/src/features/' },
      to: { path: '^frontend/src/app/' },
    },
    {
      name: 'ui-primitives-know-no-feature',
      comment: 'components/ui holds primitives only: it imports no feature.',
      severity: 'error',
      from: { path: '^frontend/src/components/ui/' },
      to: { path: '^frontend/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
