// HTML form posts (application/x-www-form-urlencoded). The platform's URLSearchParams is the whole
// parser, so no body-parsing plugin is needed; the limit is far above any dashboard form.
import type { FastifyInstance } from 'fastify';

const FORM_BODY_LIMIT = 16 * 1024;

export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** A text field of a parsed form (or query string); '' when absent or not text. */
export function field(source: unknown, name: string): string {
  if (!source || typeof source !== 'object') return '';
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}
