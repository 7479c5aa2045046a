import type { FastifyPluginAsync } from 'fastify';
import adminAccountRoutes from './admin-accounts.routes';
import passwordRoutes from './password.routes';
import signInRoutes from './signin.routes';

/** The auth module: sign-in and token look-ups, passwords, admin accounts. */
const authRoutes: FastifyPluginAsync = async (app) => {
  await app.register(signInRoutes);
  await app.register(passwordRoutes);
  await app.register(adminAccountRoutes);
};

export default authRoutes;
