import type { FastifyPluginAsync } from 'fastify';
import healthRoutes from './health/health.routes';

/** Every API module, mounted under /api. A new module is one line here. */
export const apiModules: FastifyPluginAsync[] = [healthRoutes];
