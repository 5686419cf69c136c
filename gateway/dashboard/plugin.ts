/**
 * `/dashboard`: a feed's sentiment trend, emotion mix and anomalies, and the
 * job queue, as a page of this gateway (public/: plain HTML, CSS and a
 * script) over the public REST API, with uPlot served from its npm package.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { projectRoot } from '../paths.js';
import { packageFile, serveFiles } from './staticFiles.js';

export const DASHBOARD_DIR = join(projectRoot, 'gateway', 'dashboard', 'public');

export function registerDashboard(app: FastifyInstance): void {
  serveFiles(app, {
    '/dashboard': join(DASHBOARD_DIR, 'index.html'),
    '/dashboard/dashboard.js': join(DASHBOARD_DIR, 'dashboard.js'),
    '/dashboard/dashboard.css': join(DASHBOARD_DIR, 'dashboard.css'),
    '/dashboard/vendor/uPlot.iife.min.js': packageFile('uplot', 'dist/uPlot.iife.min.js'),
    '/dashboard/vendor/uPlot.min.css': packageFile('uplot', 'dist/uPlot.min.css'),
  });
}
