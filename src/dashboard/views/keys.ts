// The API keys page: the new key's secret (shown once, with a copy button), the create form, and
// the account's keys. Revoking goes through a confirmation page (works without script).
import type { ApiKeyView } from '../../accounts/account-service.ts';
import { ENVIRONMENTS, KEY_ROLES } from '../../accounts/account-service.ts';
import { html, type SafeHtml } from '../html.ts';
import { CSRF_FIELD } from '../csrf.ts';
import { layout, type Holder } from './layout.ts';
import { time } from './format.ts';

export interface KeyFormValues {
  name: string;
  environment: string;
  role: string;
  expires_on: string;
}

export interface KeysView {
  holder: Holder;
  keys: ApiKeyView[];
  now: Date;
  created?: ApiKeyView & { api_key: string };
  revoked?: ApiKeyView;
  values?: KeyFormValues;
  errors?: string[];
}

export function keyState(key: ApiKeyView, now: Date): SafeHtml {
  if (key.revoked_at) return html`<span class="state revoked">Revoked ${time(key.revoked_at)}</span>`;
  if (key.expires_at && Date.parse(key.expires_at) <= now.getTime()) return html`<span class="state expired">Expired</span>`;
  return html`<span class="state active">Active</span>`;
}

function createdPanel(created: NonNullable<KeysView['created']>): SafeHtml {
  return html`<section class="new-key" aria-labelledby="new-key-title">
<h2 id="new-key-title">Your new key “${created.name}”</h2>
<p><strong>Copy it now: it is shown this one time only.</strong> roadrisk keeps only a hash of it.</p>
<div class="copy-row">
  <label for="new-key-secret" class="visually-hidden">New API key</label>
  <input id="new-key-secret" class="secret" type="text" readonly value="${created.api_key}" spellcheck="false" autocomplete="off">
  <button type="button" data-copy-from="new-key-secret">Copy</button>
  <span class="copy-status" role="status" aria-live="polite"></span>
</div>
<p class="hint">Use it as <code>Authorization: Bearer &lt;key&gt;</code>.</p>
</section>`;
}

function select(name: string, label: string, options: readonly string[], value: string): SafeHtml {
  return html`<label for="key-${name}">${label}</label>
<select id="key-${name}" name="${name}">${options.map((o) => html`<option value="${o}"${o === value ? html` selected` : ''}>${o}</option>`)}</select>`;
}

function createForm(view: KeysView): SafeHtml {
  const v = view.values ?? { name: '', environment: 'production', role: 'standard', expires_on: '' };
  return html`<section aria-labelledby="create-title">
<h2 id="create-title">Create a key</h2>
${view.errors && view.errors.length > 0 && html`<ul class="error" role="alert" id="create-errors">${view.errors.map((e) => html`<li>${e}</li>`)}</ul>`}
<form method="post" action="/dashboard/keys" class="inline-form">
  <input type="hidden" name="${CSRF_FIELD}" value="${view.holder.csrfToken}">
  <label for="key-name">Name</label>
  <input id="key-name" name="name" required maxlength="100" value="${v.name}" placeholder="e.g. pricing-service">
  ${select('environment', 'Environment', ENVIRONMENTS, v.environment)}
  ${select('role', 'Role', KEY_ROLES, v.role)}
  <label for="key-expires">Expires on (00:00 UTC, optional)</label>
  <input id="key-expires" name="expires_on" type="date" value="${v.expires_on}">
  <button type="submit">Create key</button>
</form>
<p class="hint">Production keys start <code>rr_live_</code>; sandbox keys start <code>rr_test_</code> and get a tenth of the plan's rate.
Only <code>admin</code> keys can manage keys through the API.</p>
</section>`;
}

function keyRow(key: ApiKeyView, now: Date): SafeHtml {
  const active = !key.revoked_at && !(key.expires_at && Date.parse(key.expires_at) <= now.getTime());
  return html`<tr data-key-id="${key.key_id}">
  <td>${key.name}</td><td><code>${key.start}…</code></td><td>${key.environment}</td><td>${key.role}</td>
  <td>${time(key.created_at)}</td><td>${time(key.last_used_at, 'never')}</td><td>${time(key.expires_at, 'never')}</td>
  <td>${keyState(key, now)}</td>
  <td>${active ? html`<a href="/dashboard/keys/${key.key_id}/revoke">Revoke<span class="visually-hidden"> ${key.name}</span></a>` : ''}</td>
</tr>`;
}

function keyTable(view: KeysView): SafeHtml {
  if (view.keys.length === 0) return html`<p>This account has no keys yet.</p>`;
  return html`<table class="data">
<caption>Keys of this account (“last used” is updated every few seconds)</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Environment</th><th scope="col">Role</th>
<th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col">State</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${view.keys.map((k) => keyRow(k, view.now))}</tbody>
</table>`;
}

export function keysPage(view: KeysView): string {
  const body = html`${view.revoked && html`<p class="notice" role="status">Key “${view.revoked.name}” (<code>${view.revoked.start}…</code>) is revoked: requests with it are refused.</p>`}
${view.created && createdPanel(view.created)}
${createForm(view)}
<section aria-labelledby="list-title"><h2 id="list-title">Keys</h2>${keyTable(view)}</section>`;
  return layout({ title: 'API keys', holder: view.holder, section: 'keys', scripts: ['keys.js'] }, body);
}

export function revokePage(holder: Holder, key: ApiKeyView): string {
  const body = html`<p>Revoke the key “${key.name}” (<code>${key.start}…</code>, ${key.environment}, ${key.role})?</p>
<p>Every request with it will be refused at once. This cannot be undone.</p>
<form method="post" action="/dashboard/keys/${key.key_id}/revoke" class="actions">
  <input type="hidden" name="${CSRF_FIELD}" value="${holder.csrfToken}">
  <button type="submit" class="danger">Revoke key</button>
  <a href="/dashboard/keys">Cancel</a>
</form>`;
  return layout({ title: 'Revoke API key', holder, section: 'keys' }, body);
}
