// The sign-in page. One message for every refused sign-in, whatever was wrong.
import { html } from '../html.ts';
import { CSRF_FIELD } from '../csrf.ts';
import { layout } from './layout.ts';

export const REFUSED_MESSAGE = 'That email and password do not match an account.';

export interface SignInView {
  csrfToken: string;
  email?: string;
  error?: string;
}

export function signInPage(view: SignInView): string {
  const body = html`<section class="sign-in">
<p>Sign in with the email and password your roadrisk operator set for your account.</p>
${view.error && html`<p class="error" role="alert" id="sign-in-error">${view.error}</p>`}
<form method="post" action="/dashboard/login" class="stacked">
  <input type="hidden" name="${CSRF_FIELD}" value="${view.csrfToken}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required maxlength="320" value="${view.email ?? ''}"
    ${view.error ? html`aria-describedby="sign-in-error"` : html`autofocus`}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024"${view.error ? html` autofocus` : ''}>
  <button type="submit">Sign in</button>
</form>
<p class="hint">No password yet? An operator sets one with
<code>roadrisk accounts create --name NAME --plan PLAN --email EMAIL --password-stdin</code>.</p>
</section>`;
  return layout({ title: 'Sign in' }, body);
}
