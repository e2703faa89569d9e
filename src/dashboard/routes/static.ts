// The dashboard's CSS and scripts (static-assets.ts). Their URLs carry a content hash, so they
// may be cached for good.
import type { FastifyPluginAsync } from 'fastify';
import { ASSETS } from '../static-assets.ts';
import { sendErrorPage } from '../respond.ts';

export const staticRoutes: FastifyPluginAsync = async (app) => {
  app.get('/static/:name', async (request, reply) => {
    const asset = ASSETS.get((request.params as { name: string }).name);
    if (!asset) return sendErrorPage(request, reply, 404, 'There is no such file.');
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    return reply.type(asset.contentType).send(asset.body);
  });
};
