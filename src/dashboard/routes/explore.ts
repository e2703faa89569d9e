// The explore page and its JSON endpoints: /dashboard/api/explore (crash totals and garaging score
// for a point) and /dashboard/api/map/locate (a click on the map, in SVG units, to a point).
// Session-authenticated, read-only (GET), and not counted as API usage.
import type { FastifyPluginAsync } from 'fastify';
import type { DashboardContext } from '../context.ts';
import { explore, parseExploreQuery, type ExploreResult } from '../explore.ts';
import { field } from '../form.ts';
import { sendPage } from '../respond.ts';
import { signedIn } from '../signed-in.ts';
import { usMap } from '../us-map.ts';
import { holderOf } from '../views/layout.ts';
import { errorsFragment, explorePage, resultsFragment, type ExploreForm } from '../views/explore.ts';

const FIELDS = ['latitude', 'longitude', 'radius_km', 'start_date', 'end_date'] as const;

function formOf(query: unknown): ExploreForm {
  return Object.fromEntries(FIELDS.map((name) => [name, field(query, name)])) as ExploreForm;
}

/** The JSON answer: the figures in the API's field names, plus the rendered fragment for the page. */
function exploreJson(result: ExploreResult) {
  const g = result.garaging;
  return {
    latitude: result.query.latitude,
    longitude: result.query.longitude,
    radius_km: result.query.radiusKm,
    start_date: result.query.startDate,
    end_date: result.query.endDate,
    crashes: result.crashes,
    crashes_message: result.crashesMessage,
    garaging: g && { vehicle_risk_score: g.score, usstate: g.state, urbanicity: g.urbanicity, error_reason: g.reason },
    garaging_message: result.garagingMessage,
    map: result.map,
    html: resultsFragment(result).value,
  };
}

export const exploreRoutes =
  ({ services }: DashboardContext): FastifyPluginAsync =>
  async (app) => {
    app.get('/explore', async (request, reply) => {
      const holder = signedIn(request);
      const form = formOf(request.query);
      const view = { holder: holderOf(holder), map: usMap(), form };
      // Without a point it is the empty page; with one (the form sent without script) the results too.
      if (form.latitude === '' && form.longitude === '') return sendPage(reply, explorePage(view));
      const parsed = parseExploreQuery(form);
      if ('errors' in parsed) return sendPage(reply, explorePage({ ...view, errors: parsed.errors }), 422);
      return sendPage(reply, explorePage({ ...view, result: await explore(services, parsed.query) }));
    });

    app.get('/api/explore', async (request, reply) => {
      signedIn(request);
      const parsed = parseExploreQuery(formOf(request.query));
      if ('errors' in parsed) return reply.code(422).send({ detail: parsed.errors, html: errorsFragment(parsed.errors).value });
      return exploreJson(await explore(services, parsed.query));
    });

    app.get('/api/map/locate', async (request, reply) => {
      signedIn(request);
      const x = Number(field(request.query, 'x'));
      const y = Number(field(request.query, 'y'));
      if (field(request.query, 'x') === '' || field(request.query, 'y') === '' || !Number.isFinite(x) || !Number.isFinite(y)) {
        return reply.code(422).send({ detail: ['x and y must be numbers (SVG units of the map)'] });
      }
      const point = usMap().locate(x, y);
      if (!point) return reply.code(404).send({ detail: 'That point is not on the map' });
      return point;
    });
  };
