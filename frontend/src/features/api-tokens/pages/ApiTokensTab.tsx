import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { API_TOKEN_MAX_DAYS, ApiTokenScope, apiTokenScopesFor, createApiTokenSchema, managesEveryApiToken } from '../../../../../backend/src/identity/contract/api-tokens';
import { messageOf } from '../../../api/client';
import { Field, useZodForm } from '../../../components/ui/form';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useAuth } from '../../identity';
import { useRefetchWhenShown } from '../../../hooks/useRefetchWhenShown';
import { AdminDialog, InfoDialog } from '../../../components/ui/Dialog';
import { DataColumn, DataTable } from '../../../components/ui/DataTable';
import { LoadError } from '../../../components/ui/LoadError';
import { Button } from '../../../components/ui/Button';
import { Badge } from '../../../components/ui/Badge';
import { CopyButton } from '../../../components/ui/CopyButton';
import { ApiToken, CreatedApiToken, useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-token-queries';
import '../../../styles/admin-tools.css';
import './api-tokens.css';

/** What each scope lets a token read, and the route a first curl tries. */
const SCOPES: Record<ApiTokenScope, { label: string; example: string }> = {
  'analytics:read': { label: 'Analytics: traffic, the funnel and the traffic export', example: '/api/analytics/traffic?days=30' },
  'audit:read': { label: 'Audit log and its export', example: '/api/admin/audit?pageSize=50' },
};
const DEFAULT_DAYS = 90;

function CreateApiTokenDialog({ scopes, onCreated, onClose }: { scopes: ApiTokenScope[]; onCreated(token: CreatedApiToken): void; onClose(): void }) {
  const create = useCreateApiToken();
  const form = useZodForm(createApiTokenSchema, { defaultValues: { name: '', scopes, expiresInDays: DEFAULT_DAYS } });
  const { errors } = form.formState;
  const chosen = form.watch('scopes') ?? [];
  const toggle = (scope: ApiTokenScope, on: boolean) =>
    form.setValue('scopes', on ? scopes.filter((each) => each === scope || chosen.includes(each)) : chosen.filter((each) => each !== scope), { shouldValidate: form.formState.isSubmitted });
  const submit = form.handleSubmit((values) => create.mutate(values, { onSuccess: onCreated }));

  return (
    <AdminDialog
      title="New API token"
      description="A token lets a report tool read what its scopes name, with no one signed in. It is shown once; only its fingerprint is kept."
      submitLabel="Create token"
      busy={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Name" required hint="What uses it, e.g. Metabase or the monthly audit export" error={errors.name?.message}>
        <input className="input" autoComplete="off" maxLength={80} {...form.register('name')} />
      </Field>
      <fieldset className="stack" aria-describedby={errors.scopes ? 'api-token-scopes-error' : undefined}>
        <legend>Scopes</legend>
        {scopes.map((scope) => (
          <Field key={scope} label={SCOPES[scope].label} inline>
            <input type="checkbox" checked={chosen.includes(scope)} onChange={(event) => toggle(scope, event.target.checked)} />
          </Field>
        ))}
        {errors.scopes && (
          <span id="api-token-scopes-error" className="field-error">
            {errors.scopes.message}
          </span>
        )}
      </fieldset>
      <Field label="Valid for (days)" required hint={`1 to ${API_TOKEN_MAX_DAYS}`} error={errors.expiresInDays?.message}>
        <input className="input" type="number" inputMode="numeric" min={1} max={API_TOKEN_MAX_DAYS} step={1} {...form.register('expiresInDays', { valueAsNumber: true })} />
      </Field>
    </AdminDialog>
  );
}

/** The secret, this once: copy it, and a curl line that uses it. */
function NewTokenDialog({ token, onClose }: { token: CreatedApiToken; onClose(): void }) {
  const curl = `curl -H "Authorization: Bearer ${token.token}" "${window.location.origin}${SCOPES[token.scopes[0]].example}"`;
  return (
    <InfoDialog title={`API token "${token.name}"`} onClose={onClose}>
      <p>Copy the token now: it is not shown again. Anyone holding it can read what its scopes name until {formatDate(token.expiresAt)}, or until it is revoked.</p>
      <div className="row gap wrap">
        <code className="admin-strong api-token-secret">{token.token}</code>
        <CopyButton value={token.token} label="API token" />
      </div>
      <p className="muted small">Try it:</p>
      <div className="row gap wrap">
        <code className="api-token-secret">{curl}</code>
        <CopyButton value={curl} label="curl command" />
      </div>
    </InfoDialog>
  );
}

function RevokeApiTokenDialog({ token, onClose }: { token: ApiToken; onClose(): void }) {
  const revoke = useRevokeApiToken();
  return (
    <AdminDialog
      title={`Revoke "${token.name}"?`}
      description="Whatever uses this token is refused from now on. This cannot be undone; make a new token to give access again."
      submitLabel="Revoke"
      submitVariant="danger"
      busy={revoke.isPending}
      onSubmit={() => revoke.mutate({ id: token.id, name: token.name }, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}

const isExpired = (token: ApiToken) => Date.parse(token.expiresAt) <= Date.now();

function StatusOf({ token }: { token: ApiToken }) {
  if (token.revokedAt) return <Badge tone="secondary">Revoked {formatDate(token.revokedAt)}</Badge>;
  if (isExpired(token)) return <Badge tone="attention">Expired</Badge>;
  return <Badge tone="success">Active</Badge>;
}

/**
 * API tokens (issue 23): the tokens this account made (the owner: everyone's), each with its scopes, maker,
 * expiry and last use; make one (its secret shown once, with a curl line) or revoke one.
 */
export function ApiTokensTab() {
  const section = useRef<HTMLElement>(null);
  const { user } = useAuth();
  const tokens = useApiTokens();
  useRefetchWhenShown(section, () => tokens.refetch());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const scopes = apiTokenScopesFor(user?.role);
  const columns: DataColumn<ApiToken>[] = [
    { id: 'name', header: 'Name', title: true, sortValue: (token) => token.name, cell: (token) => <span className="admin-strong">{token.name}</span> },
    { id: 'scopes', header: 'Scopes', cell: (token) => token.scopes.join(', ') },
    ...(managesEveryApiToken(user?.role) ? [{ id: 'maker', header: 'Made by', sortValue: (token: ApiToken) => token.createdBy.name, cell: (token: ApiToken) => token.createdBy.name }] : []),
    { id: 'created', header: 'Created', sortValue: (token) => token.createdAt, cell: (token) => <time dateTime={token.createdAt}>{formatDate(token.createdAt)}</time> },
    { id: 'expires', header: 'Expires', sortValue: (token) => token.expiresAt, cell: (token) => <time dateTime={token.expiresAt}>{formatDate(token.expiresAt)}</time> },
    { id: 'used', header: 'Last used', sortValue: (token) => token.lastUsedAt ?? '', cell: (token) => (token.lastUsedAt ? <time dateTime={token.lastUsedAt}>{formatDateTime(token.lastUsedAt)}</time> : <span className="muted">Never</span>) },
    { id: 'status', header: 'Status', sortValue: (token) => (token.revokedAt ? 2 : isExpired(token) ? 1 : 0), cell: (token) => <StatusOf token={token} /> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (token) =>
        token.revokedAt || isExpired(token) ? (
          <span className="muted small">—</span>
        ) : (
          <Button variant="outline" size="sm" className="admin-danger-text" onClick={() => setRevoking(token)}>
            Revoke<span className="sr-only"> {token.name}</span>
          </Button>
        ),
    },
  ];

  return (
    <section ref={section} className="stack admin-section" aria-labelledby="api-tokens-heading">
      <div className="row between wrap gap">
        <div>
          <h2 id="api-tokens-heading">API tokens</h2>
          <p className="muted">
            For report tools: a token sent as <code>Authorization: Bearer …</code> reads what its scopes name, and nothing else. It stops when it expires, when it is revoked, or when its maker's role no longer has its scope.
          </p>
        </div>
        <Button variant="primary" onClick={() => setCreating(true)}>
          <Plus size={18} aria-hidden /> New API token
        </Button>
      </div>
      {tokens.isError ? (
        <LoadError message={messageOf(tokens.error, 'Failed to load the API tokens.')} onRetry={() => tokens.refetch()} />
      ) : (
        <DataTable
          className="card admin-card"
          caption="API tokens"
          columns={columns}
          rows={tokens.data}
          rowKey={(token) => token.id}
          isLoading={tokens.isLoading}
          emptyText="No API tokens yet. Make one for a report tool that reads the numbers without signing in."
        />
      )}
      {creating && (
        <CreateApiTokenDialog
          scopes={scopes}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
          onClose={() => setCreating(false)}
        />
      )}
      {created && <NewTokenDialog token={created} onClose={() => setCreated(null)} />}
      {revoking && <RevokeApiTokenDialog token={revoking} onClose={() => setRevoking(null)} />}
    </section>
  );
}
