// Sending dashboard answers: HTML pages, and errors as a page (or as {"detail"} for the JSON
// endpoints under /dashboard/api/, which the explore page's script reads).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { html } from './html.ts';
import { holderOf, layout } from './views/layout.ts';

export function sendPage(reply: FastifyReply, page: string, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(page);
}

export function sendErrorPage(request: FastifyRequest, reply: FastifyReply, status: number, message: string): FastifyReply {
  if (request.url.startsWith('/dashboard/api/')) return reply.code(status).send({ detail: message });
  const holder = request.dashboard ? holderOf(request.dashboard) : undefined;
  const title = status === 404 ? 'Not found' : status === 403 ? 'Not allowed' : status >= 500 ? 'Something went wrong' : 'Cannot do that';
  const body = html`<p class="error" role="alert">${message}</p>
<p><a href="/dashboard">Back to the dashboard</a></p>`;
  return sendPage(reply, layout({ title, holder }, body), status);
}
