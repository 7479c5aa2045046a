import type { FastifyPluginAsync } from 'fastify';
import downloadsRoutes from './downloads.routes';
import reportsRoutes from './reports.routes';

/** Payment reports, their spreadsheet downloads and the single-use download links. */
const reportsModule: FastifyPluginAsync = async (app) => {
  await app.register(reportsRoutes);
  await app.register(downloadsRoutes);
};

export default reportsModule;
